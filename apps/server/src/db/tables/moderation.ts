import { sql } from "drizzle-orm";
import {
  check,
  foreignKey,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { user } from "./auth";
import { createdAt, id } from "./columns";
import { dilemmas } from "./dilemmas";
import { groups } from "./groups";
import { rounds, votes } from "./rounds";

/**
 * A member's report of a closed round's dilemma or of a comment in it, with a
 * reason: open until a product admin dismisses it or acts on it (decision 0077).
 */
export const reports = pgTable(
  "reports",
  {
    id: id(),
    reporterId: text("reporter_id").references(() => user.id, { onDelete: "set null" }),
    groupId: text("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    roundId: text("round_id")
      .notNull()
      .references(() => rounds.id, { onDelete: "cascade" }),
    /** The dilemma reported, or the round's for a comment. */
    dilemmaId: text("dilemma_id")
      .notNull()
      .references(() => dilemmas.id, { onDelete: "cascade" }),
    target: text("target", { enum: ["dilemma", "comment"] }).notNull(),
    /** A comment's vote: who wrote it about whom (null for a dilemma). */
    commentBy: text("comment_by").references(() => user.id, { onDelete: "cascade" }),
    commentFor: text("comment_for").references(() => user.id, { onDelete: "cascade" }),
    reason: text("reason").notNull(),
    status: text("status", { enum: ["open", "dismissed", "actioned"] })
      .notNull()
      .default("open"),
    createdAt: createdAt(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    resolvedBy: text("resolved_by").references(() => user.id, { onDelete: "set null" }),
  },
  (table) => [
    index("reports_open_idx").on(table.createdAt).where(sql`${table.status} = 'open'`),
    index("reports_reporter_idx").on(table.reporterId),
    check("reports_target", sql`${table.target} IN ('dilemma', 'comment')`),
    check("reports_status", sql`${table.status} IN ('open', 'dismissed', 'actioned')`),
    check("reports_reason_length", sql`char_length(${table.reason}) BETWEEN 1 AND 500`),
  ],
);

/** A comment its group's admin (or a product admin) hid: others see that it was hidden. */
export const hiddenComments = pgTable(
  "hidden_comments",
  {
    roundId: text("round_id").notNull(),
    selectedBy: text("selected_by").notNull(),
    selectedFor: text("selected_for").notNull(),
    hiddenBy: text("hidden_by").references(() => user.id, { onDelete: "set null" }),
    hiddenAt: timestamp("hidden_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.roundId, table.selectedBy, table.selectedFor] }),
    foreignKey({
      name: "hidden_comments_vote_fk",
      columns: [table.roundId, table.selectedBy, table.selectedFor],
      foreignColumns: [votes.roundId, votes.selectedBy, votes.selectedFor],
    })
      .onDelete("cascade")
      // A vote moved to a deleted account's stand-in (decision 0078) takes its hiding along.
      .onUpdate("cascade"),
  ],
);

/**
 * Every moderation action, who took it and when: approving or rejecting a
 * proposal, hiding a dilemma or a comment, dismissing a report, feedback done
 * or deleted. Kept when what it names is gone (no foreign key but the actor's).
 */
export const moderationLog = pgTable(
  "moderation_log",
  {
    id: id(),
    actorId: text("actor_id").references(() => user.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id").notNull(),
    groupId: text("group_id"),
    detail: text("detail"),
    createdAt: createdAt(),
  },
  (table) => [index("moderation_log_created_at_idx").on(table.createdAt)],
);
