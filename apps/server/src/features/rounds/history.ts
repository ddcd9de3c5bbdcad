import { rankByScore } from "@eitheror/shared/rounds/rules";
import {
  type ArchivedRound,
  type LeaderboardEntry,
  type PastRound,
  roundMessages,
  type Vote,
} from "@eitheror/shared/rounds/schema";
import type { Tx } from "../../db/client";
import type { Viewer } from "../../lib/auth/provider";
import type { Core } from "../../lib/core";
import { notFound } from "../../lib/http/errors";
import type { GroupAccess } from "../groups/service";
import { findRound, listSubmittedVotes, listVotes } from "./data";
import { listArchived, listResults, memberScores } from "./history-data";

const noSuchRound = () => notFound("This round does not exist.");

/** The group's leaderboard: its current members by points, equal points sharing a rank. */
export async function leaderboardOf(tx: Tx, groupId: string): Promise<LeaderboardEntry[]> {
  return rankByScore(await memberScores(tx, groupId));
}

/**
 * What members read of the rounds behind them: the leaderboard, the archive, one
 * closed round and its votes. Every read closes overdue rounds first, so nobody
 * reads a round as open past its due date.
 */
export function createRoundHistory(
  { db }: Core,
  { groups, settle }: { groups: GroupAccess; settle: (groupIds: string[]) => Promise<void> },
) {
  async function memberOf(viewer: Viewer, groupId: string) {
    const membership = await groups.memberOf(viewer, groupId);
    await settle([membership.groupId]);
    return membership;
  }

  return {
    async leaderboard(viewer: Viewer, groupId: string): Promise<LeaderboardEntry[]> {
      const { groupId: id } = await memberOf(viewer, groupId);
      return leaderboardOf(db, id);
    },

    async archived(viewer: Viewer, groupId: string): Promise<PastRound[]> {
      const { groupId: id } = await memberOf(viewer, groupId);
      const rows = await listArchived(db, id);
      return rows.map(({ archivedAt, ...row }) => ({
        ...row,
        archivedDate: (archivedAt ?? new Date(0)).toISOString(),
      }));
    },

    /** A closed round; an open one is not in the archive yet (404). */
    async round(viewer: Viewer, groupId: string, roundId: string): Promise<ArchivedRound> {
      const { groupId: id } = await memberOf(viewer, groupId);
      const round = await findRound(db, id, { roundId });
      if (!round) throw noSuchRound();
      if (!round.archivedAt) throw notFound(roundMessages.notArchived);
      const results = await listResults(db, round.id);
      return {
        id: round.id,
        groupId: id,
        dilemma: round.dilemma,
        optionA: round.optionA,
        optionB: round.optionB,
        archivedDate: round.archivedAt.toISOString(),
        memberStats: Object.fromEntries(
          results.map((r) => [r.id, { isSubmitted: r.isSubmitted, points: r.points }]),
        ),
        members: results.map(({ id: userId, displayName, photoURL }) => ({
          id: userId,
          displayName,
          photoURL,
        })),
      };
    },

    /**
     * A closed round's submitted ballots; of the open round, only the caller's own
     * (secrecy). Drafts never submitted stay their author's, even once it closed.
     */
    async votes(viewer: Viewer, groupId: string, roundId: string): Promise<Vote[]> {
      const { groupId: id, viewer: me } = await memberOf(viewer, groupId);
      const round = await findRound(db, id, { roundId });
      if (!round) throw noSuchRound();
      if (round.archivedAt) return listSubmittedVotes(db, round.id);
      return listVotes(db, round.id, me.user.id);
    },
  };
}
