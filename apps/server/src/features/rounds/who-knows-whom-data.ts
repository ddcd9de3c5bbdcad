// The rounds feature's reads for 'Who knows whom' (docs/game-rules.md#who-knows-whom):
// how often each current member predicted each other one over the closed rounds.
import { and, asc, eq, isNotNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Tx } from "../../db/client";
import { groupMembers, pairTallies, rounds, user } from "../../db/schema";
import { shownName } from "../../lib/auth/user-sql";
import type { MemberGroupId } from "../groups/service";

const predictorNow = alias(groupMembers, "predictor_now");
const targetNow = alias(groupMembers, "target_now");

const closedIn = (groupId: MemberGroupId) =>
  and(eq(rounds.groupId, groupId), isNotNull(rounds.archivedAt));

/**
 * Adds rounds that are closing to their groups' tallies (decision 0080), in the
 * closing transaction, after their results are fixed: one try for each ordered
 * pair of two participants who both submitted, a right one where the predictor's
 * vote for the target equals the target's own vote. Exactly what earns points, so
 * a predictor's right ones of a round sum to its points. One statement for all:
 * the rounds are of different groups (a group has one open round), so no pair's
 * row is met twice.
 */
export async function addRoundTallies(tx: Tx, roundIds: string[]) {
  if (roundIds.length === 0) return;
  const ids = sql.join(
    roundIds.map((id) => sql`${id}`),
    sql`, `,
  );
  // The guess is found by its whole key, whatever the planner believes of a round's
  // votes just written (as a join it read each predictor's 100 votes per target,
  // decision 0093).
  await tx.execute(sql`
    INSERT INTO pair_tallies AS pt (group_id, predictor_id, target_id, "right", tries)
    SELECT r.group_id, predictor.user_id, target.user_id,
      (SELECT count(*) FROM votes guess
        WHERE guess.round_id = predictor.round_id AND guess.selected_by = predictor.user_id
          AND guess.selected_for = target.user_id
          AND guess.option_selected = truth.option_selected)::int,
      1
    FROM round_results predictor
    JOIN rounds r ON r.id = predictor.round_id
    JOIN round_results target ON target.round_id = predictor.round_id
      AND target.submitted AND target.user_id <> predictor.user_id
    LEFT JOIN votes truth ON truth.round_id = predictor.round_id
      AND truth.selected_by = target.user_id AND truth.selected_for = target.user_id
    WHERE predictor.round_id IN (${ids}) AND predictor.submitted
    ON CONFLICT (group_id, predictor_id, target_id) DO UPDATE
      SET "right" = pt."right" + excluded."right", tries = pt.tries + excluded.tries`);
}

/**
 * One row per ordered pair of two current members who both submitted in at
 * least one closed round: the tries and the right ones, as counted at each
 * closing (addRoundTallies). As many rows as pairs, however many rounds.
 */
export function talliesOf(tx: Tx, groupId: MemberGroupId) {
  return tx
    .select({
      predictorId: pairTallies.predictorId,
      targetId: pairTallies.targetId,
      right: pairTallies.right,
      tries: pairTallies.tries,
    })
    .from(pairTallies)
    .innerJoin(
      predictorNow,
      and(
        eq(predictorNow.groupId, pairTallies.groupId),
        eq(predictorNow.userId, pairTallies.predictorId),
      ),
    )
    .innerJoin(
      targetNow,
      and(eq(targetNow.groupId, pairTallies.groupId), eq(targetNow.userId, pairTallies.targetId)),
    )
    .where(eq(pairTallies.groupId, groupId));
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
