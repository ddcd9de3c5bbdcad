// The rounds feature's reads and writes of reveals: who has seen a closed
// round's results (docs/decisions/0063-the-reveal-is-stored-once-per-member.md).
import { and, desc, eq, isNotNull, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { groupMembers, roundResults, roundReveals, rounds } from "../../db/schema";

/**
 * Per group of `userId` (or only `groupId`): the newest closed round they took
 * part in, and whether they have seen its reveal. Older rounds never matter:
 * once the newest is seen, nothing of that group is revealed. One statement.
 */
export function newestPlayedRounds(tx: Tx, userId: string, groupId?: string) {
  return tx
    .selectDistinctOn([rounds.groupId], {
      groupId: rounds.groupId,
      roundId: rounds.id,
      seen: sql<boolean>`${roundReveals.userId} IS NOT NULL`,
    })
    .from(groupMembers)
    .innerJoin(rounds, and(eq(rounds.groupId, groupMembers.groupId), isNotNull(rounds.archivedAt)))
    .innerJoin(
      roundResults,
      and(eq(roundResults.roundId, rounds.id), eq(roundResults.userId, groupMembers.userId)),
    )
    .leftJoin(
      roundReveals,
      and(eq(roundReveals.roundId, rounds.id), eq(roundReveals.userId, groupMembers.userId)),
    )
    .where(
      and(
        eq(groupMembers.userId, userId),
        groupId === undefined ? undefined : eq(groupMembers.groupId, groupId),
      ),
    )
    .orderBy(rounds.groupId, desc(rounds.number));
}

/** Whether `userId` has seen the round's reveal. */
export async function revealSeenBy(tx: Tx, roundId: string, userId: string): Promise<boolean> {
  const rows = await tx
    .select({ userId: roundReveals.userId })
    .from(roundReveals)
    .where(and(eq(roundReveals.roundId, roundId), eq(roundReveals.userId, userId)));
  return rows.length > 0;
}

/** `userId` has seen the round's reveal; a second time keeps the first moment. */
export async function insertRevealSeen(tx: Tx, roundId: string, userId: string, now: Date) {
  await tx.insert(roundReveals).values({ roundId, userId, seenAt: now }).onConflictDoNothing();
}
