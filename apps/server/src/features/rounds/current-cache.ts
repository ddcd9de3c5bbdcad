import type { CurrentRound } from "@eitheror/shared/rounds/schema";
import type { Clock } from "../../lib/clock";
import type { EventBus } from "../../lib/live/events";
import { createGroupReads, type SharedReads } from "../../lib/live/group-reads";

/**
 * The open round as each member last read it (their own votes in it), in this
 * instance's memory, so a member's page reading it again costs no query
 * (decision 0024). A group's reads are dropped when any of its events is
 * published here or arrives (a submit, a member joining or leaving, the round
 * closing or starting, the group changing), a member's when they vote here; a
 * read is never served past its round's due date (the slow path closes it) or
 * after GROUP_READ_MAX_AGE_MS.
 */
export const createCurrentCache = (clock: Clock, events: EventBus) =>
  createGroupReads<CurrentRound>(clock, events, (round) => Date.parse(round.dueDate));

export type CurrentCache = ReturnType<typeof createCurrentCache>;

/** The rounds feature's reads that every member of a group reads alike (decisions 0080, 0083). */
export type RoundsSharedRead =
  /** The open round as every member reads it alike, without their own votes (play.ts, decision 0085). */
  | "open-round"
  | "leaderboard"
  | "past-rounds"
  | "who-knows-whom"
  /** A closed round, but for each member's own cut (history.ts, createClosedRounds). */
  | `closed-round:${string}`;

export type RoundsSharedReads = SharedReads<RoundsSharedRead>;
