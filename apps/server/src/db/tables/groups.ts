import { boolean, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { user, userRef } from "./auth";
import { createdAt, id, updatedAt } from "./columns";

/** A private group of friends; its admin made it and is always a member. */
export const groups = pgTable("groups", {
  id: id(),
  name: text("name").notNull(),
  maxMembers: integer("max_members").notNull(),
  daysBetweenRounds: integer("days_between_rounds").notNull(),
  /** What the invite link carries; the admin may replace it, and the old link stops working. */
  inviteCode: text("invite_code").notNull().unique(),
  /** Members' proposed dilemmas are approved as they arrive (decision 0077). */
  autoApproveDilemmas: boolean("auto_approve_dilemmas").notNull().default(false),
  adminId: text("admin_id")
    .notNull()
    .references(() => user.id, { onDelete: "cascade" }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const groupMembers = pgTable(
  "group_members",
  {
    groupId: text("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    userId: userRef(),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.groupId, table.userId] }),
    index("group_members_user_id_idx").on(table.userId),
  ],
);

/**
 * Someone the admin removed, with the invite code of that moment: that code no
 * longer lets them back in; a new code (the admin's reset) does.
 */
export const groupRemovals = pgTable(
  "group_removals",
  {
    groupId: text("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    userId: userRef(),
    inviteCode: text("invite_code").notNull(),
    removedAt: timestamp("removed_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.groupId, table.userId] }),
    index("group_removals_user_id_idx").on(table.userId),
  ],
);
