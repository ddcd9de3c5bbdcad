import { sql } from "drizzle-orm";
import {
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { userRef } from "./auth";
import { createdAt, id, updatedAt } from "./columns";
import { dilemmas } from "./dilemmas";

/** One row per UTC day; the counters are the only source of the split. */
export const globalDilemmas = pgTable(
  "global_dilemmas",
  {
    id: id(),
    day: date("day", { mode: "string" }).notNull().unique(),
    dilemmaId: text("dilemma_id")
      .notNull()
      .references(() => dilemmas.id),
    countA: integer("count_a").notNull().default(0),
    countB: integer("count_b").notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [
    index("global_dilemmas_dilemma_id_idx").on(table.dilemmaId),
    check("global_dilemmas_counts_nonnegative", sql`${table.countA} >= 0 AND ${table.countB} >= 0`),
  ],
);

export const globalSelections = pgTable(
  "global_selections",
  {
    globalDilemmaId: text("global_dilemma_id")
      .notNull()
      .references(() => globalDilemmas.id, { onDelete: "cascade" }),
    userId: userRef(),
    option: text("option", { enum: ["A", "B"] }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.globalDilemmaId, table.userId] }),
    index("global_selections_user_id_idx").on(table.userId),
    check("global_selections_option", sql`${table.option} IN ('A', 'B')`),
  ],
);

/**
 * A finished UTC day, rolled up once when the next day's dilemma is first loaded
 * (decision 0026): its final counts, frozen. Its row's insert is what makes the
 * roll-up happen exactly once.
 */
export const globalDayRollups = pgTable("global_day_rollups", {
  day: date("day", { mode: "string" }).primaryKey(),
  globalDilemmaId: text("global_dilemma_id")
    .notNull()
    .unique()
    .references(() => globalDilemmas.id, { onDelete: "cascade" }),
  countA: integer("count_a").notNull(),
  countB: integer("count_b").notNull(),
  rolledAt: timestamp("rolled_at", { withTimezone: true }).notNull(),
});

/** Each chooser's streak through the last rolled-up day they chose on. */
export const userStreaks = pgTable(
  "user_streaks",
  {
    userId: userRef().primaryKey(),
    lastDay: date("last_day", { mode: "string" }).notNull(),
    days: integer("days").notNull(),
  },
  (table) => [check("user_streaks_days_positive", sql`${table.days} > 0`)],
);
