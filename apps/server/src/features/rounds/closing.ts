import { scoreRound } from "@eitheror/shared/rounds/rules";
import {
  HOURS_PER_DAY,
  type LeaderboardEntry,
  MIN_ROUND_MEMBERS,
} from "@eitheror/shared/rounds/schema";
import type { Unit } from "../../db/transaction";
import type { Core } from "../../lib/core";
import { publishAfterCommit } from "../../lib/live/events";
import { paced } from "../../lib/paced";
import {
  archiveRound,
  daysBetweenRounds,
  dropVotesOutside,
  dueOpenRoundIds,
  dueRounds,
  holdGroup,
  insertResults,
  insertRound,
  latestRound,
  listVotes,
  lockRound,
  memberIds,
  participantIds,
  pickFreshDilemma,
  type RoundRow,
  submittedIds,
} from "./data";
import { leaderboardOf } from "./history";
import { addRoundTallies } from "./who-knows-whom-data";

const HOUR_MS = 60 * 60 * 1000;
/** Rounds a sweep takes at a time, each closed in its own transaction. */
const SWEEP_BATCH = 50;
/** Of a batch's rounds, how many are closed at once (each on its own connection). */
const SWEEP_AT_ONCE = 4;

/** What starting a round came to: the round, or why there is none ("waiting": fewer than 2 members). */
type Started = RoundRow | "exhausted" | "waiting" | null;

const idOf = (round: Started) => (round && typeof round === "object" ? round.id : null);

/** A round just closed, and the group's leaderboard with its points. */
export interface ClosedRound {
  roundId: string;
  leaderboard: LeaderboardEntry[];
}

/** What else happens in the transaction that closes or starts a round (the game's e-mails). */
export interface RoundHooks {
  closed?(unit: Unit, closed: ClosedRound): Promise<void>;
  started?(unit: Unit, roundId: string): Promise<void>;
}

/** Scores the round's participants (as they are now) and keeps their points; votes of people gone are dropped. */
async function fixResults(tx: Unit["tx"], round: RoundRow) {
  const participants = await participantIds(tx, round);
  const submitted = new Set(await submittedIds(tx, round.id));
  const scores = scoreRound(
    participants.map((id) => ({ id, submitted: submitted.has(id) })),
    await listVotes(tx, round.id),
  );
  await dropVotesOutside(tx, round.id, participants);
  await insertResults(
    tx,
    Object.entries(scores).map(([userId, score]) => ({
      roundId: round.id,
      userId,
      submitted: score.isSubmitted,
      points: score.points,
    })),
  );
  await addRoundTallies(tx, round);
}

/** Round `number` of the group with a dilemma it never had; "exhausted" when there is none left. */
async function startRoundOf(
  { clock }: Core,
  hooks: RoundHooks,
  unit: Unit,
  groupId: string,
  number: number,
): Promise<RoundRow | "exhausted" | null> {
  const { tx } = unit;
  const days = await daysBetweenRounds(tx, groupId);
  const dilemmaId = await pickFreshDilemma(tx, groupId);
  if (days === null) return null;
  if (dilemmaId === null) return "exhausted";
  const startedAt = clock.now();
  const dueDate = new Date(startedAt.getTime() + days * HOURS_PER_DAY * HOUR_MS);
  const round = await insertRound(tx, { groupId, number, dilemmaId, startedAt, dueDate });
  if (round) await hooks.started?.(unit, round.id);
  return round;
}

/** The group's newest round if it is still open. */
async function latestRoundOpen({ tx }: Pick<Unit, "tx">, groupId: string) {
  const latest = await latestRound(tx, groupId);
  return latest && !latest.archivedAt ? latest : null;
}

/**
 * Starting rounds and closing them (docs/game-rules.md#a-round). Closing locks
 * the round's row and finds it still open, or does nothing: whoever gets there
 * first (the last submit, a read, the sweeper, on any instance) closes it, once.
 */
export function createRoundClosing(core: Core, hooks: RoundHooks = {}) {
  const { db, transaction, clock, events } = core;
  /** Round `number` of the group, in the caller's transaction (startRoundOf). */
  const startRound = (unit: Unit, groupId: string, number: number) =>
    startRoundOf(core, hooks, unit, groupId, number);

  /** The group's next round, unless fewer than 2 members remain: then it waits for a second. */
  async function startNext(unit: Unit, groupId: string, number: number): Promise<Started> {
    const members = await memberIds(unit.tx, groupId);
    if (members.length < MIN_ROUND_MEMBERS) return "waiting";
    return startRound(unit, groupId, number);
  }

  /**
   * In the caller's transaction, starts the next round of a group whose last one
   * closed without a successor (the bank had nothing new, or one member was
   * left). Null: no round was ever started.
   */
  async function resumeIn(unit: Unit, groupId: string): Promise<Started> {
    const latest = await latestRound(unit.tx, groupId);
    if (!latest) return null;
    if (!latest.archivedAt) return latest;
    const started = await startNext(unit, groupId, latest.number + 1);
    const roundId = idOf(started);
    if (roundId) publishAfterCommit(unit, events, groupId, { type: "round-started", roundId });
    return started ?? latestRoundOpen(unit, groupId);
  }

  /**
   * Archives the round with its points fixed, and starts the next one, in the
   * caller's transaction. False: it was closed already (or is unknown), or, with
   * `skipLocked`, another transaction holds it (and will close it).
   */
  async function close(
    unit: Unit,
    which: { id: string; groupId: string },
    { skipLocked = false } = {},
  ): Promise<boolean> {
    const { tx } = unit;
    await holdGroup(tx, which.groupId);
    const round = await lockRound(tx, { roundId: which.id }, "update", skipLocked);
    if (!round || round.archivedAt) return false;
    const now = clock.now();
    await fixResults(tx, round);
    // A round found overdue late still ended at its due date.
    const ended = now < round.dueDate ? now : round.dueDate;
    await archiveRound(tx, round.id, ended);
    if (hooks.closed) {
      await hooks.closed(unit, {
        roundId: round.id,
        leaderboard: await leaderboardOf(tx, round.groupId),
      });
    }
    const next = await startNext(unit, round.groupId, round.number + 1);
    const closed = { type: "round-closed", roundId: round.id, nextRoundId: idOf(next) } as const;
    publishAfterCommit(unit, events, round.groupId, closed);
    return true;
  }

  /** Closes, each in its own transaction, the overdue open rounds of these groups (or a member's). */
  async function settle(scope: string[] | { memberId: string }) {
    const where = Array.isArray(scope) ? { groupIds: scope } : scope;
    for (const round of await dueOpenRoundIds(db, where, clock.now())) {
      await transaction((unit) => close(unit, round));
    }
  }

  /** resumeIn, in a transaction of its own (a read that finds no open round). */
  const resume = (groupId: string) => transaction((unit) => resumeIn(unit, groupId));

  return { startRound, close, settle, resume, resumeIn, sweep: sweeper(core, close) };
}

/**
 * The sweeper: closes overdue rounds, each in its own transaction, taking them
 * with FOR UPDATE SKIP LOCKED, so instances sweeping together share the work
 * and never wait on each other. Batch after batch until nothing is left or its
 * time is spent (the next run goes on), leaving the hot paths their share
 * between batches (`paced`, decision 0081).
 */
function sweeper({ db, transaction, clock }: Core, close: Close) {
  return async function sweep(): Promise<number> {
    let closed = 0;
    await paced(async () => {
      const due = await dueRounds(db, clock.now(), SWEEP_BATCH);
      let closedNow = 0;
      // A few at a time: each close is ~25 short statements, mostly waiting on the database.
      for (let at = 0; at < due.length; at += SWEEP_AT_ONCE) {
        const closings = due
          .slice(at, at + SWEEP_AT_ONCE)
          .map((round) => transaction((unit) => close(unit, round, { skipLocked: true })));
        closedNow += (await Promise.all(closings)).filter(Boolean).length;
      }
      closed += closedNow;
      return due.length === SWEEP_BATCH && closedNow > 0;
    });
    return closed;
  };
}

type Close = (
  unit: Unit,
  which: { id: string; groupId: string },
  options?: { skipLocked?: boolean },
) => Promise<boolean>;

export type RoundClosing = ReturnType<typeof createRoundClosing>;
