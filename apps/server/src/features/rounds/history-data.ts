// The rounds feature's reads for the archive, the leaderboard and home: closed
// rounds and their results, scores, and each member's open rounds. (data.ts keeps
// the open round's writes.)
import { and, asc, desc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import {
  dilemmas,
  groupMembers,
  groups,
  roundResults,
  roundSitOuts,
  roundSubmissions,
  rounds,
  user,
} from "../../db/schema";
import { shownName } from "../../lib/auth/user-sql";
import type { MemberGroupId } from "../groups/service";

/** A closed round's participants as they were: who submitted, their points, their name and photo now. */
export function listResults(tx: Tx, roundId: string) {
  return tx
    .select({
      id: roundResults.userId,
      isSubmitted: roundResults.submitted,
      points: roundResults.points,
      displayName: shownName,
      photoURL: user.image,
    })
    .from(roundResults)
    .innerJoin(user, eq(user.id, roundResults.userId))
    .where(eq(roundResults.roundId, roundId))
    .orderBy(desc(roundResults.points), asc(user.name), asc(user.id));
}

/** The open round of each of `userId`'s groups, whether they submitted in it, and whether they take part. */
export function openRoundsOf(tx: Tx, userId: string) {
  return tx
    .select({
      roundId: rounds.id,
      groupId: rounds.groupId,
      dueDate: rounds.dueDate,
      isSubmitted: sql<boolean>`${roundSubmissions.userId} IS NOT NULL`,
      isParticipant: sql<boolean>`NOT EXISTS (SELECT 1 FROM ${roundSitOuts}
        WHERE ${roundSitOuts.roundId} = ${rounds.id} AND ${roundSitOuts.userId} = ${userId})`,
    })
    .from(groupMembers)
    .innerJoin(rounds, and(eq(rounds.groupId, groupMembers.groupId), isNull(rounds.archivedAt)))
    .leftJoin(
      roundSubmissions,
      and(eq(roundSubmissions.roundId, rounds.id), eq(roundSubmissions.userId, userId)),
    )
    .where(eq(groupMembers.userId, userId))
    .orderBy(asc(rounds.dueDate));
}

/** Current members with their points over the group's closed rounds, unranked. */
export async function memberScores(tx: Tx, groupId: string) {
  const rows = await scoresIn(tx, [groupId]);
  return rows.map(({ groupId: _, ...member }) => member);
}

/**
 * memberScores of several groups in one statement (a sweep's batch), each row
 * with its group, each group's rows in memberScores's order.
 */
export function scoresIn(tx: Tx, groupIds: string[]) {
  const points = tx
    .select({
      groupId: rounds.groupId,
      userId: roundResults.userId,
      total: sql<number>`sum(${roundResults.points})`.as("total"),
    })
    .from(roundResults)
    .innerJoin(rounds, eq(rounds.id, roundResults.roundId))
    .where(inArray(rounds.groupId, groupIds))
    .groupBy(rounds.groupId, roundResults.userId)
    .as("points");
  return tx
    .select({
      groupId: groupMembers.groupId,
      id: user.id,
      displayName: shownName,
      photoURL: user.image,
      admin: sql<boolean>`${user.id} = ${groups.adminId}`,
      score: sql<number>`coalesce(${points.total}, 0)::int`,
    })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .innerJoin(user, eq(user.id, groupMembers.userId))
    .leftJoin(
      points,
      and(eq(points.groupId, groupMembers.groupId), eq(points.userId, groupMembers.userId)),
    )
    .where(inArray(groupMembers.groupId, groupIds))
    .orderBy(asc(groupMembers.groupId), asc(groupMembers.joinedAt), asc(user.id));
}

/**
 * Each current member's leaderboard score just before closed round `number`
 * and just after: the sums of their points over the closed rounds before it,
 * and up to it. One statement, however many rounds and members.
 */
export function scoresAround(tx: Tx, groupId: string, number: number) {
  const closedUpTo = tx
    .select({ userId: roundResults.userId, number: rounds.number, points: roundResults.points })
    .from(roundResults)
    .innerJoin(rounds, eq(rounds.id, roundResults.roundId))
    .where(
      and(
        eq(rounds.groupId, groupId),
        sql`${rounds.archivedAt} IS NOT NULL`,
        lte(rounds.number, number),
      ),
    )
    .as("closed_up_to");
  return tx
    .select({
      id: groupMembers.userId,
      scoreBefore: sql<number>`coalesce(sum(${closedUpTo.points}) filter (where ${closedUpTo.number} < ${number}), 0)::int`,
      scoreAfter: sql<number>`coalesce(sum(${closedUpTo.points}), 0)::int`,
    })
    .from(groupMembers)
    .leftJoin(closedUpTo, eq(closedUpTo.userId, groupMembers.userId))
    .where(eq(groupMembers.groupId, groupId))
    .groupBy(groupMembers.userId, groupMembers.joinedAt)
    .orderBy(asc(groupMembers.joinedAt), asc(groupMembers.userId));
}

/** The group's closed rounds, newest first. */
export function listArchived(tx: Tx, groupId: MemberGroupId) {
  return tx
    .select({
      id: rounds.id,
      groupId: rounds.groupId,
      dilemma: dilemmas.dilemma,
      archivedAt: rounds.archivedAt,
    })
    .from(rounds)
    .innerJoin(dilemmas, eq(dilemmas.id, rounds.dilemmaId))
    .where(and(eq(rounds.groupId, groupId), sql`${rounds.archivedAt} IS NOT NULL`))
    .orderBy(desc(rounds.number));
}

/** A closed round by its id alone, with its number and dilemma (a signed share link's round). */
export async function findClosedRound(tx: Tx, roundId: string) {
  const [row] = await tx
    .select({
      id: rounds.id,
      groupId: rounds.groupId,
      number: rounds.number,
      dilemma: dilemmas.dilemma,
      optionA: dilemmas.optionA,
      optionB: dilemmas.optionB,
    })
    .from(rounds)
    .innerJoin(dilemmas, eq(dilemmas.id, rounds.dilemmaId))
    .where(and(eq(rounds.id, roundId), sql`${rounds.archivedAt} IS NOT NULL`));
  return row ?? null;
}
