import type { Reveal, UnseenResults, Vote } from "@eitheror/shared/rounds/schema";
import type { Tx } from "../../db/client";
import type { Caller, Viewer } from "../../lib/auth/provider";
import type { Core } from "../../lib/core";
import { createGroupReads } from "../../lib/live/group-reads";
import { findRound } from "./data";
import { closedRound, createClosedRounds, type HistoryParts, settledMemberOf } from "./history";
import { insertRevealSeen, newestPlayedRounds } from "./reveal-data";

/**
 * Home's "Results are in": each group of `userId` whose newest closed round
 * they took part in is not yet seen revealed. One statement.
 */
export async function unseenResultsOf(tx: Tx, userId: string): Promise<UnseenResults[]> {
  const rows = await newestPlayedRounds(tx, userId);
  return rows.filter((row) => !row.seen).map(({ groupId, roundId }) => ({ groupId, roundId }));
}

/**
 * The votes a reveal shows its viewer (issue 41): each member's own pick, the
 * viewer's predictions and the predictions about the viewer. Three per member,
 * where the closed round's page has one per pair: 300 votes in a group of 100,
 * not 10,000. Every member's figures are counted from all the votes before.
 */
const revealsTo = (viewerId: string) => (vote: Vote) =>
  vote.selectedBy === vote.selectedFor ||
  vote.selectedBy === viewerId ||
  vote.selectedFor === viewerId;

/**
 * A closed round's reveal, once per member across devices
 * (docs/decisions/0063-the-reveal-is-stored-once-per-member.md): the newest
 * closed round the member took part in, until they have seen it. Every read
 * closes overdue rounds first, so a round past its due date is revealed at once.
 */
export function createRoundReveal({ db, clock, events }: Core, parts: HistoryParts) {
  const memberOf = settledMemberOf(parts);
  const closedRounds = createClosedRounds(db, parts.shared);
  /**
   * Each member's reveal as last read, or that there is none (decision 0086): dropped
   * by the group's events and by the member's own mark, never served after 1 s.
   */
  const kept = createGroupReads<{ reveal: Reveal | null }>(
    clock,
    events,
    () => Number.POSITIVE_INFINITY,
  );

  async function read(viewer: Viewer, groupId: string): Promise<Reveal | null> {
    const { groupId: id, viewer: me } = await memberOf(viewer, groupId);
    const [newest] = await newestPlayedRounds(db, me.user.id, id);
    if (!newest || newest.seen) return null;
    const round = await findRound(db, id, { roundId: newest.roundId });
    if (!round?.archivedAt) return null;
    const closed = { ...round, archivedAt: round.archivedAt };
    const [archived, votes] = await Promise.all([
      // Not seen yet, or there would be no reveal: no need to read it again.
      closedRounds.round(closed, me.user.id, { revealSeen: false }),
      closedRounds.votes(closed, me.user.id, revealsTo(me.user.id)),
    ]);
    return { round: archived, votes: [...votes] };
  }

  return {
    /**
     * The reveal due to the caller in this group, or none: nothing new, or already
     * seen. The same object while it is kept (its answer's bytes are made once).
     */
    async reveal(caller: Caller, groupId: string): Promise<{ reveal: Reveal | null }> {
      // Read on every group page load: a session read within the last second will do (0024).
      const viewer = await caller.recentlySignedIn();
      const known = kept.get(groupId, viewer.user.id);
      if (known) return known;
      const start = kept.begin();
      const reveal = await read(viewer, groupId);
      return kept.keep(groupId, viewer.user.id, { reveal }, start);
    },

    /**
     * The caller has seen (or skipped) the reveal of a closed round of their
     * group; again is harmless. A member who did not play it may mark it too:
     * it only says they saw it. An open or unknown round is a 404, as its read.
     */
    async markSeen(viewer: Viewer, groupId: string, roundId: string): Promise<void> {
      const { groupId: id, viewer: me } = await memberOf(viewer, groupId);
      const round = await closedRound(db, id, roundId);
      await insertRevealSeen(db, round.id, me.user.id, clock.now());
      // Seen: this instance reads it again (others within 1 s, decision 0086).
      kept.forget(groupId, me.user.id);
      if (id !== groupId) kept.forget(id, me.user.id);
    },
  };
}
