import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { createdAt, id } from "./columns";
import { groups } from "./groups";

/**
 * The bank every global day and every group round draws from, and the groups'
 * own dilemmas (decision 0077): a row with `group_id` belongs to that group
 * alone, is never a global day's and is drawn, once approved, before the bank.
 */
export const dilemmas = pgTable(
  "dilemmas",
  {
    id: id(),
    dilemma: text("dilemma").notNull(),
    optionA: text("option_a").notNull(),
    optionB: text("option_b").notNull(),
    /**
     * `dilemmaKey(dilemma)`: keeps the bank free of duplicates whatever adds to it;
     * a group's own are `<groupId>:<key>`, so they never meet the bank's.
     */
    dedupeKey: text("dedupe_key").notNull().unique(),
    source: text("source", { enum: ["bank", "generated", "admin", "group"] })
      .notNull()
      .default("bank"),
    /** The group whose own dilemma this is; null for the bank. */
    groupId: text("group_id").references(() => groups.id, { onDelete: "cascade" }),
    /** The member who proposed a group's dilemma; null for the bank, or once their account is gone. */
    proposedBy: text("proposed_by").references(() => user.id, { onDelete: "set null" }),
    /** A group's proposal waits for its admin; the bank's are approved. */
    status: text("status", { enum: ["pending", "approved", "rejected"] })
      .notNull()
      .default("approved"),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    /** Hidden by a moderator: never drawn again; rounds that had it keep it. */
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index("dilemmas_group_idx")
      .on(table.groupId, table.createdAt)
      .where(sql`${table.groupId} IS NOT NULL`),
    check("dilemmas_status", sql`${table.status} IN ('pending', 'approved', 'rejected')`),
  ],
);
