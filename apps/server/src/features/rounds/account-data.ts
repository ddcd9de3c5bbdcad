import { and, asc, eq, isNotNull, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Tx } from "../../db/client";
import { roundResults, roundSubmissions, rounds, votes } from "../../db/schema";

/** Rows whose round (`roundId`) is closed: the condition each UPDATE below needs. */
const inClosedRound = (roundId: AnyPgColumn) =>
  sql`${roundId} IN (SELECT ${rounds.id} FROM ${rounds} WHERE ${rounds.archivedAt} IS NOT NULL)`;

/**
 * Moves a deleted account's part in closed rounds to its stand-in (decision
 * 0078): the votes it cast (their picks; its comments, its own words, go) and
 * those cast for it, its submissions and results. Points were fixed at closing,
 * so nobody's score moves.
 */
export async function moveClosedRounds(tx: Tx, from: string, to: string) {
  await tx
    .update(votes)
    .set({ selectedBy: to, comments: null })
    .where(and(eq(votes.selectedBy, from), inClosedRound(votes.roundId)));
  await tx
    .update(votes)
    .set({ selectedFor: to })
    .where(and(eq(votes.selectedFor, from), inClosedRound(votes.roundId)));
  await tx
    .update(roundSubmissions)
    .set({ userId: to })
    .where(and(eq(roundSubmissions.userId, from), inClosedRound(roundSubmissions.roundId)));
  await tx.update(roundResults).set({ userId: to }).where(eq(roundResults.userId, from));
}

/** Every vote `userId` saved, with its round: their export's part. */
export function votesBy(tx: Tx, userId: string) {
  return tx
    .select({
      groupId: rounds.groupId,
      roundId: votes.roundId,
      roundNumber: rounds.number,
      selectedFor: votes.selectedFor,
      optionSelected: votes.optionSelected,
      comments: votes.comments,
      updatedAt: votes.updatedAt,
    })
    .from(votes)
    .innerJoin(rounds, eq(rounds.id, votes.roundId))
    .where(eq(votes.selectedBy, userId))
    .orderBy(asc(rounds.groupId), asc(rounds.number), asc(votes.selectedFor));
}

/** `userId`'s points in each closed round they played. */
export function resultsOf(tx: Tx, userId: string) {
  return tx
    .select({
      groupId: rounds.groupId,
      roundId: roundResults.roundId,
      roundNumber: rounds.number,
      submitted: roundResults.submitted,
      points: roundResults.points,
    })
    .from(roundResults)
    .innerJoin(rounds, eq(rounds.id, roundResults.roundId))
    .where(and(eq(roundResults.userId, userId), isNotNull(rounds.archivedAt)))
    .orderBy(asc(rounds.groupId), asc(rounds.number));
}
