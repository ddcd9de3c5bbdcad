import type { Unit } from "../../db/transaction";
import type { IdSigner } from "../../lib/auth/signed-id";
import type { Core } from "../../lib/core";
import { createSharedReads } from "../../lib/live/group-reads";
import type { GroupsService } from "../groups/service";
import type { RateLimiter } from "../rate-limits/service";
import { moveClosedRounds, resultsOf, votesBy } from "./account-data";
import { createRoundClosing, type RoundClosing, type RoundHooks } from "./closing";
import { createCurrentCache, type RoundsSharedRead } from "./current-cache";
import { addSitOut, countOverdue, dropParticipant, holdGroup, lockRound } from "./data";
import { createRoundHistory } from "./history";
import { createRoundPlay } from "./play";
import { createRoundReveal } from "./reveal";
import { createRoundSharing } from "./sharing";
import { closeIfAllSubmitted, createVoting, roundWriteHits, voteBatcher } from "./voting";
import { createRoundWhoKnowsWhom } from "./who-knows-whom";

export type { ClosedRound, RoundHooks } from "./closing";

export interface RoundsOptions {
  groups: GroupsService;
  limiter: RateLimiter;
  /** VOTE_LIMIT_PER_IP: votes and submissions one IP address may save an hour. */
  votesPerIpPerHour: number;
  hooks?: RoundHooks;
  /** Signs the share links of closed rounds (decision 0028). */
  shareSigner: IdSigner;
}

/** What the rounds feature does as members come and go. */
function followMembership(
  { clock }: Core,
  groups: GroupsService["membership"],
  closing: RoundClosing,
) {
  // Leaving or removal drops the person from the open round for good (they sit
  // the rest of it out, even if they come back); the rest may now all have submitted.
  groups.onMemberLeaving(async (unit, groupId, userId) => {
    await holdGroup(unit.tx, groupId);
    const round = await lockRound(unit.tx, { openIn: groupId }, "update");
    if (!round) return;
    await dropParticipant(unit.tx, round.id, userId);
    await addSitOut(unit.tx, round.id, userId, clock.now());
    await closeIfAllSubmitted(closing, unit, round);
  });
  // A group that played and waited with one member starts its next round as a second joins.
  groups.onMemberJoined(async (unit, groupId) => {
    await closing.resumeIn(unit, groupId);
  });
}

/**
 * The rounds feature, by use: `play` (start, the open rounds), `voting` (vote,
 * submit), `history` (leaderboard, archive), `reveal` (a closed round's
 * results, once per member), `whoKnowsWhom` (the grid),
 * `sharing` (a closed round's share card), each in the file of its name.
 */
export function createRoundsService(core: Core, options: RoundsOptions) {
  const groups = options.groups.access;
  const closing = createRoundClosing(core, options.hooks);
  const { settle } = closing;
  const shared = createSharedReads<RoundsSharedRead>(core.clock, core.events);
  const parts = {
    votes: voteBatcher(core),
    groups,
    closing,
    limiter: options.limiter,
    reads: createCurrentCache(core.clock, core.events),
    shared,
    writeHits: roundWriteHits(options),
  };
  /** What the reads of closed rounds share: every member of a group reads these alike. */
  const history = { groups, settle, shared };
  followMembership(core, options.groups.membership, closing);
  return {
    play: createRoundPlay(core, parts),
    voting: createVoting(core, parts),
    history: createRoundHistory(core, history),
    reveal: createRoundReveal(core, history),
    sharing: createRoundSharing(core, { ...history, signer: options.shareSigner }),
    whoKnowsWhom: createRoundWhoKnowsWhom(core, history),
    /** A deleted account's closed rounds move to its stand-in (decision 0078). */
    keepClosedRoundsAs: (unit: Unit, userId: string, standIn: string) =>
      moveClosedRounds(unit.tx, userId, standIn),
    /** The votes and results of one person, for their export. */
    async exportOf(userId: string) {
      const [cast, results] = await Promise.all([
        votesBy(core.db, userId),
        resultsOf(core.db, userId),
      ]);
      return {
        votes: cast.map((vote) => ({ ...vote, updatedAt: vote.updatedAt.toISOString() })),
        roundResults: results,
      };
    },
    /** Closes every overdue round (the sweeper job); answers how many. */
    sweep: closing.sweep,
    /** How many open rounds are past due: the sweep's backlog, for the metrics. */
    overdue: () => countOverdue(core.db, core.clock.now()),
    /** Resolves once every vote received so far is written (shutdown). */
    settleVotes: () => parts.votes.settle(),
  };
}

export type RoundsService = ReturnType<typeof createRoundsService>;
