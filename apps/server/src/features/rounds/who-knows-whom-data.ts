// The rounds feature's reads for 'Who knows whom' (docs/game-rules.md#who-knows-whom):
// how often each current member predicted each other one over the closed rounds.
import { and, asc, eq, isNotNull, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Tx } from "../../db/client";
import { groupMembers, roundResults, rounds, user, votes } from "../../db/schema";
import { shownName } from "../../lib/auth/user-sql";
import type { MemberGroupId } from "../groups/service";

const predictor = alias(roundResults, "predictor");
const target = alias(roundResults, "target");
const predictorNow = alias(groupMembers, "predictor_now");
const targetNow = alias(groupMembers, "target_now");
const guess = alias(votes, "guess");
const truth = alias(votes, "truth");

const closedIn = (groupId: MemberGroupId) =>
  and(eq(rounds.groupId, groupId), isNotNull(rounds.archivedAt));

/**
 * One row per ordered pair of two current members who both submitted in at
 * least one closed round: the tries (rounds both submitted) and the right ones
 * (the predictor's vote for the target equals the target's own vote). Exactly
 * what earns points, so a predictor's right ones of a round sum to its points.
 */
export function pairTallies(tx: Tx, groupId: MemberGroupId) {
  return tx
    .select({
      predictorId: predictor.userId,
      targetId: target.userId,
      right: sql<number>`(count(*) filter (where ${guess.optionSelected} = ${truth.optionSelected}))::int`,
      tries: sql<number>`count(*)::int`,
    })
    .from(rounds)
    .innerJoin(predictor, and(eq(predictor.roundId, rounds.id), eq(predictor.submitted, true)))
    .innerJoin(
      target,
      and(
        eq(target.roundId, rounds.id),
        eq(target.submitted, true),
        ne(target.userId, predictor.userId),
      ),
    )
    .innerJoin(
      predictorNow,
      and(eq(predictorNow.groupId, rounds.groupId), eq(predictorNow.userId, predictor.userId)),
    )
    .innerJoin(
      targetNow,
      and(eq(targetNow.groupId, rounds.groupId), eq(targetNow.userId, target.userId)),
    )
    .leftJoin(
      guess,
      and(
        eq(guess.roundId, rounds.id),
        eq(guess.selectedBy, predictor.userId),
        eq(guess.selectedFor, target.userId),
      ),
    )
    .leftJoin(
      truth,
      and(
        eq(truth.roundId, rounds.id),
        eq(truth.selectedBy, target.userId),
        eq(truth.selectedFor, target.userId),
      ),
    )
    .where(closedIn(groupId))
    .groupBy(predictor.userId, target.userId);
}

/** The group's current members, in the order they joined, with their name and photo now. */
export function membersNow(tx: Tx, groupId: MemberGroupId) {
  return tx
    .select({ id: user.id, displayName: shownName, photoURL: user.image })
    .from(groupMembers)
    .innerJoin(user, eq(user.id, groupMembers.userId))
    .where(eq(groupMembers.groupId, groupId))
    .orderBy(asc(groupMembers.joinedAt), asc(user.id));
}

/** How many of the group's rounds are closed. */
export async function closedRoundCount(tx: Tx, groupId: MemberGroupId): Promise<number> {
  const [row] = await tx
    .select({ closed: sql<number>`count(*)::int` })
    .from(rounds)
    .where(closedIn(groupId));
  return row?.closed ?? 0;
}
