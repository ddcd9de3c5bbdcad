import {
  judgeVotes,
  type Participant,
  rankByScore,
  ranksAround,
  readRound,
  topReaders,
} from "@eitheror/shared/rounds/rules";
import {
  type ArchivedRound,
  type LeaderboardEntry,
  type MemberStat,
  type PastRound,
  roundMessages,
  type Vote,
} from "@eitheror/shared/rounds/schema";
import type { Tx } from "../../db/client";
import type { Viewer } from "../../lib/auth/provider";
import type { Core } from "../../lib/core";
import { notFound } from "../../lib/http/errors";
import type { GroupAccess, MemberGroupId } from "../groups/service";
import type { RoundsSharedReads } from "./current-cache";
import { findRound, listSubmittedVotes, listVotes, proposerOf } from "./data";
import { listArchived, listResults, memberScores, scoresAround } from "./history-data";
import { revealSeenBy } from "./reveal-data";

const noSuchRound = () => notFound("This round does not exist.");

/** A round of the group as findRound reads it. */
type FoundRound = NonNullable<Awaited<ReturnType<typeof findRound>>>;

/** An open round's votes: nothing is judged before the round closes. */
export const unjudged = <V>(votes: V[]) => votes.map((vote) => ({ ...vote, isRight: null }));

/**
 * A closed round's submitted ballots, each prediction judged right or wrong.
 * Only submitters' votes are listed (drafts stay private), so their voters are
 * the submitted participants, whose own picks are the truths. A hidden
 * comment's text is still in: `asSeenBy` takes it out for all but its author.
 */
async function judgedBallots(tx: Tx, roundId: string): Promise<Vote[]> {
  const ballots = await listSubmittedVotes(tx, roundId);
  const voters = new Set(ballots.map((vote) => vote.selectedBy));
  const judged = judgeVotes(
    [...voters].map((id) => ({ id, submitted: true })),
    ballots,
  );
  // `commentHidden` is only said of a hidden comment.
  return judged.map(({ commentHidden, ...vote }) =>
    commentHidden ? { ...vote, commentHidden } : vote,
  );
}

/**
 * The votes as `me` may read them: a hidden comment's text is its author's alone
 * (decision 0077). With nothing to take out, the same array (its answer's bytes
 * are then shared too, decision 0021).
 */
function asSeenBy(votes: readonly Vote[], me: string): readonly Vote[] {
  const hidesFromMe = (vote: Vote) => vote.commentHidden && vote.selectedBy !== me;
  if (!votes.some(hidesFromMe)) return votes;
  return votes.map((vote) => (hidesFromMe(vote) ? { ...vote, comments: null } : vote));
}

/**
 * Each participant's stats: the points fixed at closing, out of how many, who
 * read them, and the leaderboard's score and rank before and after the round
 * (current members only: null for someone who left).
 */
async function memberStatsOf(
  tx: Tx,
  round: FoundRound,
  participants: (Participant & { points: number })[],
  votes: Vote[],
): Promise<Record<string, MemberStat>> {
  const readings = readRound(participants, votes);
  const ranks = ranksAround(await scoresAround(tx, round.groupId, round.number));
  return Object.fromEntries(
    participants.map(({ id, submitted, points }) => {
      const { readable = 0, readRightBy = 0, readableBy = 0 } = readings[id] ?? {};
      const rank = ranks[id];
      return [
        id,
        {
          isSubmitted: submitted,
          points,
          readable,
          readRightBy,
          readableBy,
          scoreBefore: rank?.scoreBefore ?? null,
          scoreAfter: rank?.scoreAfter ?? null,
          rankBefore: rank?.rankBefore ?? null,
          rankAfter: rank?.rankAfter ?? null,
        },
      ];
    }),
  );
}

/** A closed round as every member reads it, but for what is each one's own (`ClosedRounds`). */
interface ClosedRoundForAll {
  round: Omit<ArchivedRound, "revealSeen">;
  /** Every judged ballot, hidden comments' text included. */
  votes: readonly Vote[];
}

async function readClosedRoundForAll(
  tx: Tx,
  round: FoundRound & { archivedAt: Date },
): Promise<ClosedRoundForAll> {
  const results = await listResults(tx, round.id);
  const votes = await judgedBallots(tx, round.id);
  const participants = results.map((r) => ({
    id: r.id,
    submitted: r.isSubmitted,
    points: r.points,
  }));
  const fixed = Object.fromEntries(
    participants.map(({ id, submitted, points }) => [id, { isSubmitted: submitted, points }]),
  );
  return {
    round: {
      id: round.id,
      groupId: round.groupId,
      dilemma: round.dilemma,
      optionA: round.optionA,
      optionB: round.optionB,
      proposedBy: await proposerOf(tx, round.id),
      archivedDate: round.archivedAt.toISOString(),
      memberStats: await memberStatsOf(tx, round, participants, votes),
      topReaderIds: topReaders(fixed),
      members: results.map(({ id, displayName, photoURL }) => ({ id, displayName, photoURL })),
    },
    votes,
  };
}

/**
 * A group's closed rounds as its members read them (decision 0083): what they
 * all see alike (the judged votes, each one's figures) is read and judged once
 * for all of them, as a shared read of the group, and each member gets their own cut of it:
 * hidden comments' text taken out, whether they have seen the reveal. A round
 * once closed changes only by what drops the group's shared reads (a member
 * leaving, a name, a comment hidden: each an event of the group).
 */
export function createClosedRounds(db: Tx, shared: RoundsSharedReads) {
  const forAll = (round: FoundRound & { archivedAt: Date }) =>
    shared.through(round.groupId, `closed-round:${round.id}`, () =>
      readClosedRoundForAll(db, round),
    );
  /**
   * The round as read with `revealSeen`: one object per kept read and answer, so
   * every member's reveal holds the same one (its JSON is made once, decision 0088).
   */
  const seenForms = new WeakMap<ClosedRoundForAll["round"], Map<boolean, ArchivedRound>>();
  const withSeen = (round: ClosedRoundForAll["round"], revealSeen: boolean) => {
    const forms = seenForms.get(round) ?? new Map<boolean, ArchivedRound>();
    seenForms.set(round, forms);
    const form = forms.get(revealSeen) ?? { ...round, revealSeen };
    forms.set(revealSeen, form);
    return form;
  };

  return {
    /** The round as `me` reads it; `revealSeen` when the caller knows it already (the reveal). */
    async round(
      round: FoundRound & { archivedAt: Date },
      me: string,
      known: { revealSeen?: boolean } = {},
    ): Promise<ArchivedRound> {
      const [{ round: archived }, revealSeen] = await Promise.all([
        forAll(round),
        known.revealSeen ?? revealSeenBy(db, round.id, me),
      ]);
      return withSeen(archived, revealSeen);
    },
    /** The round's judged ballots that `shows` keeps (all by default), as `me` may read them. */
    async votes(
      round: FoundRound & { archivedAt: Date },
      me: string,
      shows?: (vote: Vote) => boolean,
    ): Promise<readonly Vote[]> {
      const { votes } = await forAll(round);
      return asSeenBy(shows ? votes.filter(shows) : votes, me);
    },
  };
}

/** The group's round `roundId` if it is closed; else the 404 of an unknown or open round. */
export async function closedRound(tx: Tx, groupId: MemberGroupId, roundId: string) {
  const round = await findRound(tx, groupId, { roundId });
  if (!round) throw noSuchRound();
  const { archivedAt } = round;
  if (!archivedAt) throw notFound(roundMessages.notArchived);
  return { ...round, archivedAt };
}

/** The group's leaderboard: its current members by points, equal points sharing a rank. */
export async function leaderboardOf(tx: Tx, groupId: string): Promise<LeaderboardEntry[]> {
  return rankByScore(await memberScores(tx, groupId));
}

export interface HistoryParts {
  groups: GroupAccess;
  settle: (groupIds: string[]) => Promise<void>;
  /** The reads every member of a group shares (the leaderboard, the grid). */
  shared: RoundsSharedReads;
}

/** The caller's membership of the group (or its refusal), once the group's overdue rounds are closed. */
export function settledMemberOf({ groups, settle }: HistoryParts) {
  return async (viewer: Viewer, groupId: string) => {
    const membership = await groups.memberOf(viewer, groupId);
    await settle([membership.groupId]);
    return membership;
  };
}

/**
 * What members read of the rounds behind them: the leaderboard, the archive, one
 * closed round and its votes. Every read closes overdue rounds first, so nobody
 * reads a round as open past its due date.
 */
export function createRoundHistory({ db }: Core, parts: HistoryParts) {
  const memberOf = settledMemberOf(parts);
  const closedRounds = createClosedRounds(db, parts.shared);

  return {
    async leaderboard(viewer: Viewer, groupId: string): Promise<LeaderboardEntry[]> {
      const { groupId: id } = await memberOf(viewer, groupId);
      return parts.shared.through(id, "leaderboard", () => leaderboardOf(db, id));
    },

    async archived(viewer: Viewer, groupId: string): Promise<PastRound[]> {
      const { groupId: id } = await memberOf(viewer, groupId);
      return parts.shared.through(id, "past-rounds", async () => {
        const rows = await listArchived(db, id);
        return rows.map(({ archivedAt, ...row }) => ({
          ...row,
          archivedDate: (archivedAt ?? new Date(0)).toISOString(),
        }));
      });
    },

    /** A closed round; an open one is not in the archive yet (404). */
    async round(viewer: Viewer, groupId: string, roundId: string): Promise<ArchivedRound> {
      const { groupId: id, viewer: me } = await memberOf(viewer, groupId);
      const round = await closedRound(db, id, roundId);
      return closedRounds.round(round, me.user.id);
    },

    /**
     * A closed round's submitted ballots; of the open round, only the caller's own
     * (secrecy). Drafts never submitted stay their author's, even once it closed.
     */
    async votes(viewer: Viewer, groupId: string, roundId: string): Promise<readonly Vote[]> {
      const { groupId: id, viewer: me } = await memberOf(viewer, groupId);
      const round = await findRound(db, id, { roundId });
      if (!round) throw noSuchRound();
      const { archivedAt } = round;
      if (archivedAt) return closedRounds.votes({ ...round, archivedAt }, me.user.id);
      return unjudged(await listVotes(db, round.id, me.user.id));
    },
  };
}
