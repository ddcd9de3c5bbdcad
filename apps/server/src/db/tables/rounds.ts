import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { user, userRef } from "./auth";
import { id, updatedAt } from "./columns";
import { dilemmas } from "./dilemmas";
import { groups } from "./groups";

// docs/game-rules.md

/**
 * A group's rounds, numbered from 1. At most one is open (`archived_at` null) per
 * group; a group never gets the same dilemma twice; round n+1 follows round n
 * once, which is what makes closing happen exactly once.
 */
export const rounds = pgTable(
  "rounds",
  {
    id: id(),
    groupId: text("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    number: integer("number").notNull(),
    dilemmaId: text("dilemma_id")
      .notNull()
      .references(() => dilemmas.id),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    dueDate: timestamp("due_date", { withTimezone: true }).notNull(),
    archivedAt: timestamp("archived_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("rounds_group_number_idx").on(table.groupId, table.number),
    uniqueIndex("rounds_group_dilemma_idx").on(table.groupId, table.dilemmaId),
    uniqueIndex("rounds_one_open_per_group_idx")
      .on(table.groupId)
      .where(sql`${table.archivedAt} IS NULL`),
    index("rounds_open_due_idx").on(table.dueDate).where(sql`${table.archivedAt} IS NULL`),
  ],
);

const roundRef = () =>
  text("round_id")
    .notNull()
    .references(() => rounds.id, { onDelete: "cascade" });

/** Who submitted their votes in a round, and when: final once written. */
export const roundSubmissions = pgTable(
  "round_submissions",
  {
    roundId: roundRef(),
    userId: userRef(),
    submittedAt: timestamp("submitted_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.roundId, table.userId] }),
    index("round_submissions_user_id_idx").on(table.userId),
  ],
);

/** One vote per voter and member of a round; saved as progress until the voter submits. */
export const votes = pgTable(
  "votes",
  {
    roundId: roundRef(),
    selectedBy: text("selected_by")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    selectedFor: text("selected_for")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    optionSelected: text("option_selected", { enum: ["A", "B"] }),
    comments: text("comments"),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.roundId, table.selectedBy, table.selectedFor] }),
    index("votes_selected_for_idx").on(table.selectedFor),
    check("votes_option", sql`${table.optionSelected} IN ('A', 'B')`),
    check("votes_comments_length", sql`char_length(${table.comments}) <= 1000`),
  ],
);

/** A closed round's participants as they were, with the points fixed at closing. */
export const roundResults = pgTable(
  "round_results",
  {
    roundId: roundRef(),
    userId: userRef(),
    submitted: boolean("submitted").notNull(),
    points: integer("points").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.roundId, table.userId] }),
    index("round_results_user_id_idx").on(table.userId),
  ],
);

/**
 * Who left or was removed while this round was open: they take no further part
 * in it, even if they come back (docs/game-rules.md#who-plays). Not a
 * participant, not someone others vote for; they play from the next round.
 */
export const roundSitOuts = pgTable(
  "round_sit_outs",
  {
    roundId: roundRef(),
    userId: userRef(),
    leftAt: timestamp("left_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.roundId, table.userId] }),
    index("round_sit_outs_user_id_idx").on(table.userId),
  ],
);

/**
 * Who has seen a closed round's reveal (or skipped it): it shows once per
 * member, across devices (docs/decisions/0063-the-reveal-is-stored-once-per-member.md).
 */
export const roundReveals = pgTable(
  "round_reveals",
  {
    roundId: roundRef(),
    userId: userRef(),
    seenAt: timestamp("seen_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.roundId, table.userId] }),
    index("round_reveals_user_id_idx").on(table.userId),
  ],
);

/** A user column of pair_tallies, removed with its user. */
const pairMember = (name: string) =>
  text(name)
    .notNull()
    .references(() => user.id, { onDelete: "cascade" });

/**
 * Who knows whom, counted ahead (docs/game-rules.md#who-knows-whom, decision 0080):
 * for each ordered pair of a group's players, the closed rounds both submitted in
 * (`tries`) and those where the predictor's pick for the target was the target's
 * own (`right`). Added to in the transaction that closes a round, so the grid costs
 * the same to read after two rounds as after two hundred. Its pages are half full
 * (fillfactor 50, migration 0014): a closing's updates stay on their page (decision 0093).
 */
export const pairTallies = pgTable(
  "pair_tallies",
  {
    groupId: text("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    predictorId: pairMember("predictor_id"),
    targetId: pairMember("target_id"),
    right: integer("right").notNull(),
    tries: integer("tries").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.groupId, table.predictorId, table.targetId] }),
    index("pair_tallies_predictor_id_idx").on(table.predictorId),
    index("pair_tallies_target_id_idx").on(table.targetId),
  ],
);
