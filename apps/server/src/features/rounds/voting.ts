import {
  MIN_ROUND_MEMBERS,
  ROUND_WRITES_PER_HOUR,
  roundMessages,
  type Vote,
  type VoteChange,
} from "@eitheror/shared/rounds/schema";
import { createBatcher } from "../../db/batcher";
import type { Tx } from "../../db/client";
import type { Unit } from "../../db/transaction";
import type { Caller, Viewer } from "../../lib/auth/provider";
import type { Core } from "../../lib/core";
import { conflict, invalid, notFound } from "../../lib/http/errors";
import { publishAfterCommit } from "../../lib/live/events";
import type { GroupAccess, MemberGroupId } from "../groups/service";
import type { RateLimiter, RateRule } from "../rate-limits/service";
import type { RoundClosing } from "./closing";
import type { CurrentCache, RoundsSharedReads } from "./current-cache";
import {
  holdGroup,
  insertSubmission,
  listVotes,
  lockRound,
  participantIds,
  type RoundRow,
  submittedIds,
  upsertVote,
} from "./data";
import { type QuickVote, type QuickVoteOutcome, type SavedVote, saveVotes } from "./hot-data";

const HOUR_MS = 60 * 60 * 1000;
/** Times a vote tries its one statement when a submit or a leave went first (then the slow path). */
const QUICK_ATTEMPTS = 5;
const noSuchRound = () => notFound("This round does not exist.");
const roundClosed = () => conflict("round_closed", roundMessages.roundClosed);
const alreadySubmitted = () => conflict("already_submitted", roundMessages.alreadySubmitted);
/** To a member sitting the round out: they left it while it was open (docs/game-rules.md#who-plays). */
const notInRound = () => conflict("not_in_round", roundMessages.notInRound);

/**
 * The round `roundId` of the group, locked, still open and not yet due; else the
 * answer why not. A round closed before its due date closed because everyone had
 * submitted: to one of them a late vote or submit is "already submitted" (rule 3),
 * as it would have been a moment earlier (decision 0024).
 */
async function openRoundGuard(
  tx: Tx,
  round: RoundRow | null,
  { groupId, me, now }: { groupId: string; me: string; now: Date },
): Promise<"overdue" | RoundRow> {
  if (!round || round.groupId !== groupId) throw noSuchRound();
  if (round.archivedAt) {
    const early = round.archivedAt < round.dueDate;
    if (early && (await submittedIds(tx, round.id)).includes(me)) throw alreadySubmitted();
    throw roundClosed();
  }
  return round.dueDate <= now ? "overdue" : round;
}

export interface VotingParts {
  /** The group commit of votes (voteBatcher). */
  votes: ReturnType<typeof voteBatcher>;
  groups: GroupAccess;
  closing: RoundClosing;
  limiter: RateLimiter;
  reads: CurrentCache;
  /** The reads every member of a group shares (the open round's shared part among them). */
  shared: RoundsSharedReads;
  /** The counters a vote or submission of `userId` from `ip` counts on. */
  writeHits: (userId: string, ip: string) => { key: string; rule: RateRule }[];
}
/** One counter for votes and submissions: a submit is one more save of the same votes. */
export function roundWriteHits({ votesPerIpPerHour }: { votesPerIpPerHour: number }) {
  const perUser: RateRule = {
    limit: ROUND_WRITES_PER_HOUR,
    windowMs: HOUR_MS,
    message: roundMessages.tooManyVotes,
  };
  const perIp: RateRule = {
    limit: votesPerIpPerHour,
    windowMs: HOUR_MS,
    message: roundMessages.tooManyVotesFromNetwork,
  };
  return (userId: string, ip: string) => [
    { key: `round-write:user:${userId}`, rule: perUser },
    { key: `round-write:ip:${ip}`, rule: perIp },
  ];
}

/** Closes the round in `unit` if every participant (at least two) has submitted. */
export async function closeIfAllSubmitted(closing: RoundClosing, unit: Unit, round: RoundRow) {
  const participants = await participantIds(unit.tx, round);
  const submitted = new Set(await submittedIds(unit.tx, round.id));
  const everyone = participants.every((id) => submitted.has(id));
  if (!everyone || participants.length < MIN_ROUND_MEMBERS) return false;
  return closing.close(unit, round);
}

/** Records a submission: every participant needs an A or B from the voter first. */
async function submitVotes({ tx }: Unit, round: RoundRow, me: string, now: Date) {
  if ((await submittedIds(tx, round.id)).includes(me)) {
    throw alreadySubmitted();
  }
  const participants = await participantIds(tx, round);
  if (!participants.includes(me)) throw notInRound();
  const mine = await listVotes(tx, round.id, me);
  const chosen = new Set(mine.filter((v) => v.optionSelected).map((v) => v.selectedFor));
  if (!participants.every((member) => chosen.has(member))) {
    const message = roundMessages.votesMissing;
    throw invalid(message, { code: "votes_missing", messages: [message] });
  }
  await insertSubmission(tx, round.id, me, now);
}

/** Votes of one statement at most (the round's members' saves of a busy moment). */
const BATCH_MAX = 200;

/**
 * Votes go to the database together (decision 0024): those of a moment share one
 * statement; one session's votes go one after another, in order.
 */
export function voteBatcher({ db, clock, batchSizes }: Core) {
  return createBatcher<QuickVote, QuickVoteOutcome>({
    key: (vote) => vote.token,
    sized: (size) => batchSizes?.("votes", size),
    maxSize: BATCH_MAX,
    inFlight: 1,
    // Sessions expire by the real time, as better-auth reads them.
    run: (list) => saveVotes(db, list, { now: clock.now(), sessionsAt: new Date() }),
  });
}

/**
 * The vote in the shared statement (hot-data.ts), sent again while a submit or a
 * leave goes first; null when the slow path must decide (and word the refusal).
 */
async function voteQuickly(
  batch: ReturnType<typeof voteBatcher>,
  vote: QuickVote,
): Promise<SavedVote | null> {
  for (let attempt = 0; attempt < QUICK_ATTEMPTS; attempt++) {
    const quick = await batch.submit(vote);
    if (quick.status === "saved") return quick.vote;
    const { signedIn, open, current, member, targetMember, submitted } = quick.checks;
    // The refusal a vote racing its own submit gets. A submission, once seen, is
    // final; whether the round is open was read under its lock.
    if (signedIn && open && member && targetMember && submitted) throw alreadySubmitted();
    // The round changed while the vote waited for it: send it again, now after that change.
    if (!(open && !current)) return null;
  }
  return null;
}

/**
 * The vote the long way, each check on its own, once its saves are counted; words
 * any refusal. "overdue": the round is past its due date and must be closed first.
 */
async function voteSlowly(
  { transaction, clock }: Core,
  { groupId: id, viewer: me }: { groupId: MemberGroupId; viewer: Viewer },
  roundId: string,
  change: VoteChange,
): Promise<Vote | "overdue"> {
  const { selectedFor, optionSelected, comments } = change;
  const outcome = await transaction(async ({ tx }) => {
    const locked = await lockRound(tx, { roundId }, "share");
    const guard = { groupId: id, me: me.user.id, now: clock.now() };
    const round = await openRoundGuard(tx, locked, guard);
    if (round === "overdue") return round;
    const participants = await participantIds(tx, round);
    if (!participants.includes(me.user.id)) throw notInRound();
    if (!participants.includes(selectedFor)) throw invalid(roundMessages.notAParticipant);
    if ((await submittedIds(tx, round.id)).includes(me.user.id)) {
      throw alreadySubmitted();
    }
    const key = { roundId: round.id, selectedBy: me.user.id, selectedFor };
    return upsertVote(tx, key, { optionSelected, comments, updatedAt: clock.now() });
  });
  if (outcome === "overdue") return outcome;
  const { selectedBy, optionSelected: option, comments: text } = outcome;
  return { selectedBy, selectedFor, optionSelected: option, comments: text, isRight: null };
}

/** Voting and submitting. An overdue round is closed first and the answer is round_closed. */
export function createVoting(
  core: Core,
  { votes: batch, groups, closing, limiter, reads, writeHits }: VotingParts,
) {
  const { transaction, clock, events } = core;
  async function closedBecauseOverdue(groupId: string): Promise<never> {
    await closing.settle([groupId]);
    throw roundClosed();
  }

  return {
    /**
     * Counts the save, then saves the vote in one statement when nothing stands in
     * its way (decision 0024); otherwise the slow path decides and words why not.
     */
    async vote(caller: Caller, groupId: string, roundId: string, change: VoteChange, ip: string) {
      const claim = await caller.claim();
      const hits = writeHits(claim.userId, ip);
      await limiter.hitAll(hits);
      const vote = { token: claim.token, groupId, roundId, ...change };
      const quick = await voteQuickly(batch, vote);
      if (quick) {
        reads.forget(groupId, claim.userId);
        return { ...quick, isRight: null };
      }
      const member = await groups
        .memberOf(await caller.signedIn(), groupId)
        .catch(async (error) => {
          // As before the one statement: a caller who may not vote here counts nothing.
          for (const { key } of hits) await limiter.refund(key);
          throw error;
        });
      const saved = await voteSlowly(core, member, roundId, change);
      if (saved === "overdue") return closedBecauseOverdue(member.groupId);
      reads.forget(groupId, claim.userId);
      return saved;
    },

    /** Final; the last participant's submit closes the round in the same transaction. */
    async submit(viewer: Viewer, groupId: string, roundId: string, ip: string) {
      const { groupId: id, viewer: me } = await groups.memberOf(viewer, groupId);
      await limiter.hitAll(writeHits(me.user.id, ip));
      const outcome = await transaction(async (unit) => {
        await holdGroup(unit.tx, id);
        const locked = await lockRound(unit.tx, { roundId }, "update");
        const guard = { groupId: id, me: me.user.id, now: clock.now() };
        const round = await openRoundGuard(unit.tx, locked, guard);
        if (round === "overdue") return round;
        await submitVotes(unit, round, me.user.id, clock.now());
        const submitted = {
          type: "member-submitted",
          roundId: round.id,
          userId: me.user.id,
        } as const;
        publishAfterCommit(unit, events, id, submitted);
        return closeIfAllSubmitted(closing, unit, round);
      });
      if (outcome === "overdue") return closedBecauseOverdue(id);
      return { roundClosed: outcome };
    },
  };
}
