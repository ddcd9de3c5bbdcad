import { rankByScore, scoreRound } from "@eitheror/shared/rounds/rules";
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
  archiveRounds,
  dropVotes,
  dueOpenRoundIds,
  dueRounds,
  holdGroup,
  holdGroupsSkipLocked,
  insertResults,
  insertRounds,
  latestRound,
  lockOpenRoundsSkipLocked,
  lockRound,
  nextRoundPlans,
  participantsOf,
  type RoundRow,
  submissionsOf,
  votesOf,
} from "./data";
import { scoresIn } from "./history-data";
import { addRoundTallies } from "./who-knows-whom-data";

const HOUR_MS = 60 * 60 * 1000;
/**
 * Rounds a sweep takes at a time, all closed in one transaction with a fixed
 * number of statements (decision 0094): large enough that the round trips are
 * shared, small enough that a batch's rows and mail stay a few megabytes.
 */
const SWEEP_BATCH = 200;

/** What starting a round came to: the round, or why there is none ("waiting": fewer than 2 members). */
type Started = RoundRow | "exhausted" | "waiting" | null;

const idOf = (round: Started) => (round && typeof round === "object" ? round.id : null);

/** A participant's result in a round just closed, as fixed when it closed. */
export interface RoundResult {
  userId: string;
  points: number;
  submitted: boolean;
}

/** A round just closed: its participants' results, and the group's leaderboard with its points. */
export interface ClosedRound {
  roundId: string;
  results: RoundResult[];
  leaderboard: LeaderboardEntry[];
}

/**
 * What else happens in the transaction that closes or starts rounds (the game's
 * e-mails): of all the rounds it closes or starts at once (one, or a sweep's batch).
 */
export interface RoundHooks {
  closed?(unit: Unit, closed: ClosedRound[]): Promise<void>;
  started?(unit: Unit, roundIds: string[]): Promise<void>;
}

/** `rows` by `key`, each key's rows in the order given. */
function byKey<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    const list = map.get(key(row));
    if (list) list.push(row);
    else map.set(key(row), [row]);
  }
  return map;
}

/**
 * Scores the rounds' participants (as they are now) and keeps their points;
 * votes of people gone are dropped. A fixed number of statements, however many
 * rounds (all locked by the caller). Answers the results kept, by round.
 */
async function fixResults(tx: Unit["tx"], roundIds: string[]) {
  const participants = byKey(await participantsOf(tx, roundIds), (row) => row.roundId);
  const submitted = byKey(await submissionsOf(tx, roundIds), (row) => row.roundId);
  const votes = byKey(await votesOf(tx, roundIds), (vote) => vote.roundId);
  const results: Parameters<typeof insertResults>[1] = [];
  const dropped: Parameters<typeof dropVotes>[1] = [];
  for (const roundId of roundIds) {
    const ids = (participants.get(roundId) ?? []).map((row) => row.userId);
    const done = new Set((submitted.get(roundId) ?? []).map((row) => row.userId));
    const cast = votes.get(roundId) ?? [];
    const scores = scoreRound(
      ids.map((id) => ({ id, submitted: done.has(id) })),
      cast,
    );
    for (const [userId, score] of Object.entries(scores)) {
      results.push({ roundId, userId, submitted: score.isSubmitted, points: score.points });
    }
    // Votes by or about anyone outside the participants go (a round nobody takes part in keeps its own).
    const taking = new Set(ids);
    if (taking.size === 0) continue;
    for (const vote of cast) {
      if (!taking.has(vote.selectedBy) || !taking.has(vote.selectedFor)) dropped.push(vote);
    }
  }
  await dropVotes(tx, dropped);
  await insertResults(tx, results);
  await addRoundTallies(tx, roundIds);
  return byKey(results, (result) => result.roundId);
}

/**
 * The groups' next rounds, each numbered as asked, with a dilemma it never had:
 * "exhausted" when there is none left, null when the group is gone (or another
 * transaction started that round first), and with `needMembers`, "waiting" when
 * fewer than 2 members remain. One statement to plan them, one to add them.
 */
async function startRoundsOf(
  { clock }: Core,
  hooks: RoundHooks,
  unit: Unit,
  wanted: { groupId: string; number: number }[],
  { needMembers }: { needMembers: boolean },
): Promise<Map<string, Started>> {
  const { tx } = unit;
  const plans = new Map(
    (
      await nextRoundPlans(
        tx,
        wanted.map((w) => w.groupId),
      )
    ).map((plan) => [plan.groupId, plan]),
  );
  const outcome = new Map<string, Started>();
  const startedAt = clock.now();
  const rows: Parameters<typeof insertRounds>[1] = [];
  for (const { groupId, number } of wanted) {
    const plan = plans.get(groupId);
    if (needMembers && (plan?.members ?? 0) < MIN_ROUND_MEMBERS) outcome.set(groupId, "waiting");
    else if (!plan) outcome.set(groupId, null);
    else if (plan.dilemmaId === null) outcome.set(groupId, "exhausted");
    else {
      const dueDate = new Date(startedAt.getTime() + plan.days * HOURS_PER_DAY * HOUR_MS);
      rows.push({ groupId, number, dilemmaId: plan.dilemmaId, startedAt, dueDate });
      outcome.set(groupId, null);
    }
  }
  const inserted = await insertRounds(tx, rows);
  for (const round of inserted) outcome.set(round.groupId, round);
  if (inserted.length > 0) {
    await hooks.started?.(
      unit,
      inserted.map((round) => round.id),
    );
  }
  return outcome;
}

/** The group's newest round if it is still open. */
async function latestRoundOpen({ tx }: Pick<Unit, "tx">, groupId: string) {
  const latest = await latestRound(tx, groupId);
  return latest && !latest.archivedAt ? latest : null;
}

/**
 * Archives rounds the caller's transaction has locked and found open, with their
 * points fixed, and starts their next ones: one round (close) or a sweep's batch,
 * the same statements either way (decision 0094).
 */
async function closeLockedOf(
  core: Core,
  hooks: RoundHooks,
  unit: Unit,
  locked: RoundRow[],
): Promise<void> {
  const { clock, events } = core;
  if (locked.length === 0) return;
  const { tx } = unit;
  const roundIds = locked.map((round) => round.id);
  const groupIds = locked.map((round) => round.groupId);
  const results = await fixResults(tx, roundIds);
  // A round found overdue late still ended at its due date.
  await archiveRounds(tx, roundIds, clock.now());
  if (hooks.closed) {
    const scores = byKey(await scoresIn(tx, groupIds), (row) => row.groupId);
    await hooks.closed(
      unit,
      locked.map((round) => ({
        roundId: round.id,
        results: (results.get(round.id) ?? []).map(({ roundId: _, ...result }) => result),
        leaderboard: rankByScore(
          (scores.get(round.groupId) ?? []).map(({ groupId: _, ...member }) => member),
        ),
      })),
    );
  }
  const next = await startRoundsOf(
    core,
    hooks,
    unit,
    locked.map((round) => ({ groupId: round.groupId, number: round.number + 1 })),
    { needMembers: true },
  );
  for (const round of locked) {
    const nextRoundId = idOf(next.get(round.groupId) ?? null);
    const closed = { type: "round-closed", roundId: round.id, nextRoundId } as const;
    publishAfterCommit(unit, events, round.groupId, closed);
  }
}

/**
 * Starting rounds and closing them (docs/game-rules.md#a-round). Closing locks
 * the round's row and finds it still open, or does nothing: whoever gets there
 * first (the last submit, a read, the sweeper, on any instance) closes it, once.
 */
export function createRoundClosing(core: Core, hooks: RoundHooks = {}) {
  const { db, transaction, clock, events } = core;
  /** Round `number` of the group, in the caller's transaction (startRoundsOf). */
  async function startRound(unit: Unit, groupId: string, number: number) {
    const started = await startRoundsOf(core, hooks, unit, [{ groupId, number }], {
      needMembers: false,
    });
    return started.get(groupId) as RoundRow | "exhausted" | null;
  }

  /** The group's next round, unless fewer than 2 members remain: then it waits for a second. */
  async function startNext(unit: Unit, groupId: string, number: number): Promise<Started> {
    const started = await startRoundsOf(core, hooks, unit, [{ groupId, number }], {
      needMembers: true,
    });
    return started.get(groupId) ?? null;
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
   * caller's transaction. False: it was closed already (or is unknown).
   */
  async function close(unit: Unit, which: { id: string; groupId: string }): Promise<boolean> {
    await holdGroup(unit.tx, which.groupId);
    const round = await lockRound(unit.tx, { roundId: which.id }, "update");
    if (!round || round.archivedAt) return false;
    await closeLockedOf(core, hooks, unit, [round]);
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

  const closeLocked = (unit: Unit, locked: RoundRow[]) => closeLockedOf(core, hooks, unit, locked);
  return { startRound, close, settle, resume, resumeIn, sweep: sweeper(core, closeLocked) };
}

export type RoundClosing = ReturnType<typeof createRoundClosing>;

/**
 * The sweeper: closes overdue rounds a batch at a time, each batch in one
 * transaction (closeLocked). It takes the groups and rounds it can have at once
 * (SKIP LOCKED): instances sweeping together share the work, and a round a
 * submit, read or join holds is left to it, or to the next batch. Batch after
 * batch until nothing is left or its time is spent (the next run goes on),
 * leaving the hot paths their share between batches (`paced`, decision 0081).
 */
function sweeper(
  { db, transaction, clock, pacer }: Core,
  closeLocked: (unit: Unit, locked: RoundRow[]) => Promise<void>,
) {
  return async function sweep(): Promise<number> {
    let closed = 0;
    await paced(
      async () => {
        const due = await dueRounds(db, clock.now(), SWEEP_BATCH);
        const closedNow = await transaction(async (unit) => {
          const held = await holdGroupsSkipLocked(
            unit.tx,
            due.map((round) => round.groupId),
          );
          const locked = await lockOpenRoundsSkipLocked(
            unit.tx,
            due.filter((round) => held.has(round.groupId)).map((round) => round.id),
          );
          await closeLocked(unit, locked);
          return locked.length;
        });
        closed += closedNow;
        return due.length === SWEEP_BATCH && closedNow > 0;
      },
      { pacer },
    );
    return closed;
  };
}
