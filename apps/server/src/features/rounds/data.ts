import {
  and,
  asc,
  desc,
  eq,
  inArray,
  isNull,
  lte,
  notExists,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import { firstOrNull, type Tx } from "../../db/client";
import {
  dilemmas,
  groupMembers,
  groups,
  hiddenComments,
  roundResults,
  roundSitOuts,
  roundSubmissions,
  rounds,
  user,
  votes,
} from "../../db/schema";
import { shownName } from "../../lib/auth/user-sql";
import type { MemberGroupId } from "../groups/service";

export type RoundRow = typeof rounds.$inferSelect;
export type VoteRow = typeof votes.$inferSelect;
type VoteKey = Pick<VoteRow, "roundId" | "selectedBy" | "selectedFor">;

const roundWithDilemma = {
  id: rounds.id,
  groupId: rounds.groupId,
  number: rounds.number,
  startedAt: rounds.startedAt,
  dueDate: rounds.dueDate,
  archivedAt: rounds.archivedAt,
  dilemma: dilemmas.dilemma,
  optionA: dilemmas.optionA,
  optionB: dilemmas.optionB,
};

/** Adds a round; null when the group already has an open one or this number (another got there first). */
export async function insertRound(
  tx: Tx,
  round: Omit<typeof rounds.$inferInsert, "id" | "archivedAt">,
): Promise<RoundRow | null> {
  return firstOrNull(await tx.insert(rounds).values(round).onConflictDoNothing().returning());
}

/**
 * What starting each group's next round needs, in one statement: its days
 * between rounds, how many members it has, and its next dilemma
 * (docs/game-rules.md#a-round): its own approved ones first, oldest first, then
 * one of the bank at random; never one it had, never a hidden one (null when
 * there is none left). A group that is gone has no row.
 *
 * The bank is read once and shuffled for each group; the group's first dilemma
 * of that order it never had is its draw (as fair as picking among those it never
 * had, which is what it is). OFFSET 0 keeps the shuffle whole before the check,
 * so a group with few rounds behind it checks one or two dilemmas, not the whole
 * bank (a sweep's batch of 200 groups: 170 → 35 ms on PGlite).
 */
export async function nextRoundPlans(
  tx: Tx,
  groupIds: string[],
): Promise<{ groupId: string; days: number; members: number; dilemmaId: string | null }[]> {
  if (groupIds.length === 0) return [];
  const shown = sql`d.hidden_at IS NULL AND d.status = 'approved'`;
  const neverHad = (dilemmaId: SQL) => sql`NOT EXISTS (SELECT 1 FROM rounds had
      WHERE had.group_id = g.id AND had.dilemma_id = ${dilemmaId})`;
  // The bank is drawn from only when the group has nothing of its own left.
  const rows = await rowsOf<{
    group_id: string;
    days: number;
    members: number;
    dilemma_id: string | null;
  }>(
    tx,
    sql`
    WITH bank AS MATERIALIZED (SELECT d.id FROM dilemmas d WHERE d.group_id IS NULL AND ${shown})
    SELECT g.id AS group_id, g.days_between_rounds AS days,
      (SELECT count(*) FROM group_members m WHERE m.group_id = g.id)::int AS members,
      coalesce(own.id, drawn.id) AS dilemma_id
    FROM groups g
    LEFT JOIN LATERAL (SELECT d.id FROM dilemmas d
      WHERE d.group_id = g.id AND ${shown} AND ${neverHad(sql`d.id`)}
      ORDER BY d.created_at, d.id LIMIT 1) own ON true
    LEFT JOIN LATERAL (SELECT shuffled.id
      FROM (SELECT bank.id FROM bank WHERE own.id IS NULL ORDER BY random() OFFSET 0) shuffled
      WHERE ${neverHad(sql`shuffled.id`)} LIMIT 1) drawn ON true
    WHERE g.id IN ${inList(groupIds)}`,
  );
  return rows.map((row) => ({
    groupId: row.group_id,
    days: row.days,
    members: row.members,
    dilemmaId: row.dilemma_id,
  }));
}

const rowsOf = async <Row>(tx: Tx, statement: SQL): Promise<Row[]> =>
  ((await tx.execute(statement)) as unknown as { rows: Row[] }).rows;

/** `(a, b, …)` of the values, for `IN`. */
const inList = (values: string[]) =>
  sql`(${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )})`;

/** Adds rounds; those of a group that already has an open one or the number are left out (another got there first). */
export async function insertRounds(
  tx: Tx,
  rows: Omit<typeof rounds.$inferInsert, "id" | "archivedAt">[],
): Promise<RoundRow[]> {
  if (rows.length === 0) return [];
  return tx.insert(rounds).values(rows).onConflictDoNothing().returning();
}

/** Who proposed a round's dilemma, when it is its group's own; null for the bank's. */
export async function proposerOf(tx: Tx, roundId: string) {
  const row = firstOrNull(
    await tx
      .select({ groupId: dilemmas.groupId, id: dilemmas.proposedBy, displayName: shownName })
      .from(rounds)
      .innerJoin(dilemmas, eq(dilemmas.id, rounds.dilemmaId))
      .leftJoin(user, eq(user.id, dilemmas.proposedBy))
      .where(eq(rounds.id, roundId)),
  );
  if (!row?.groupId) return null;
  return { id: row.id, displayName: row.displayName };
}

/** The group's newest round, open or not. */
export async function latestRound(tx: Tx, groupId: string): Promise<RoundRow | null> {
  return firstOrNull(
    await tx
      .select()
      .from(rounds)
      .where(eq(rounds.groupId, groupId))
      .orderBy(desc(rounds.number))
      .limit(1),
  );
}

/** The group's open round, or one of its rounds by id, with its dilemma. */
export async function findRound(
  tx: Tx,
  groupId: MemberGroupId,
  which: { roundId: string } | "open",
) {
  const where = which === "open" ? isNull(rounds.archivedAt) : eq(rounds.id, which.roundId);
  return firstOrNull(
    await tx
      .select(roundWithDilemma)
      .from(rounds)
      .innerJoin(dilemmas, eq(dilemmas.id, rounds.dilemmaId))
      .where(and(eq(rounds.groupId, groupId), where)),
  );
}

/**
 * The round locked until the transaction ends, as it is once any lock holder
 * before us has committed. "update" for what may close it, "share" for votes:
 * votes of one round go side by side, never beside a submit or a closing.
 * With `skipLocked`, a round another transaction holds is not waited for (null).
 */
export async function lockRound(
  tx: Tx,
  where: { roundId: string } | { openIn: string },
  strength: "update" | "share",
  skipLocked = false,
): Promise<RoundRow | null> {
  const condition =
    "roundId" in where
      ? eq(rounds.id, where.roundId)
      : and(eq(rounds.groupId, where.openIn), isNull(rounds.archivedAt));
  const query = tx.select().from(rounds).where(condition);
  const round = firstOrNull(
    await (skipLocked ? query.for(strength, { skipLocked: true }) : query.for(strength)),
  );
  // A new version of the row: a vote that waited for this lock sees it changed and
  // takes the slow path, whose checks read what this transaction wrote (hot-data.ts).
  if (round && strength === "update") {
    await tx
      .update(rounds)
      .set({ archivedAt: sql`${rounds.archivedAt}` })
      .where(eq(rounds.id, round.id));
  }
  return round;
}

/**
 * Holds the group's row against deletion (not against edits) until the
 * transaction ends. Whatever may close a round takes this before the round's
 * lock: deleting a group locks the group, then its rounds, in that order too.
 * A join's lock (`FOR UPDATE`) waits for it too, and it for a join: a closing
 * counts the members before or after a join, never beside one (decision 0045).
 */
export async function holdGroup(tx: Tx, groupId: string) {
  await tx.select({ id: groups.id }).from(groups).where(eq(groups.id, groupId)).for("key share");
}

/**
 * holdGroup for many groups (in the order of their ids, as every batch takes
 * them), but a group another transaction holds for update (a join, a deletion) is
 * skipped rather than waited for. Answers the ids held.
 */
export async function holdGroupsSkipLocked(tx: Tx, groupIds: string[]): Promise<Set<string>> {
  if (groupIds.length === 0) return new Set();
  const rows = await tx
    .select({ id: groups.id })
    .from(groups)
    .where(inArray(groups.id, groupIds))
    .orderBy(asc(groups.id))
    .for("key share", { skipLocked: true });
  return new Set(rows.map((row) => row.id));
}

/**
 * lockRound "update" with skipLocked for many rounds: those still open, locked
 * until the transaction ends, each given a new row version as lockRound does.
 * A round another transaction holds is left out.
 */
export async function lockOpenRoundsSkipLocked(tx: Tx, roundIds: string[]): Promise<RoundRow[]> {
  if (roundIds.length === 0) return [];
  const locked = await tx
    .select()
    .from(rounds)
    .where(and(inArray(rounds.id, roundIds), isNull(rounds.archivedAt)))
    .orderBy(asc(rounds.id))
    .for("update", { skipLocked: true });
  if (locked.length > 0) {
    await tx
      .update(rounds)
      .set({ archivedAt: sql`${rounds.archivedAt}` })
      .where(
        inArray(
          rounds.id,
          locked.map((round) => round.id),
        ),
      );
  }
  return locked;
}

/** Overdue open rounds, the longest overdue first (the sweeper's candidates). */
export function dueRounds(tx: Tx, now: Date, limit: number) {
  return tx
    .select({ id: rounds.id, groupId: rounds.groupId })
    .from(rounds)
    .where(and(isNull(rounds.archivedAt), lte(rounds.dueDate, now)))
    .orderBy(asc(rounds.dueDate))
    .limit(limit);
}

/** How many open rounds are past their due date (the metrics' sweep backlog). */
export async function countOverdue(tx: Tx, now: Date): Promise<number> {
  const [row] = await tx
    .select({ overdue: sql<number>`count(*)::int` })
    .from(rounds)
    .where(and(isNull(rounds.archivedAt), lte(rounds.dueDate, now)));
  return row?.overdue ?? 0;
}

/** Open rounds already due in these groups, or in the groups of a member (reads close them first). */
export async function dueOpenRoundIds(
  tx: Tx,
  scope: { groupIds: string[] } | { memberId: string },
  now: Date,
): Promise<{ id: string; groupId: string }[]> {
  const inScope =
    "memberId" in scope
      ? inArray(
          rounds.groupId,
          tx
            .select({ id: groupMembers.groupId })
            .from(groupMembers)
            .where(eq(groupMembers.userId, scope.memberId)),
        )
      : inArray(rounds.groupId, scope.groupIds);
  return tx
    .select({ id: rounds.id, groupId: rounds.groupId })
    .from(rounds)
    .where(and(inScope, isNull(rounds.archivedAt), lte(rounds.dueDate, now)));
}

/** Archives the rounds: each ended at `now`, or at its due date if that came first (found overdue late). */
export async function archiveRounds(tx: Tx, roundIds: string[], now: Date) {
  if (roundIds.length === 0) return;
  await tx
    .update(rounds)
    .set({ archivedAt: sql`least(${rounds.dueDate}, ${now.toISOString()}::timestamptz)` })
    .where(inArray(rounds.id, roundIds));
}

/** The group's members, right now. */
export async function memberIds(tx: Tx, groupId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: groupMembers.userId })
    .from(groupMembers)
    .where(eq(groupMembers.groupId, groupId))
    .orderBy(asc(groupMembers.joinedAt), asc(groupMembers.userId));
  return rows.map((row) => row.id);
}

/**
 * A round's participants, right now: the group's members but those sitting it
 * out (they left or were removed while it was open, and came back).
 */
export async function participantIds(
  tx: Tx,
  round: { id: string; groupId: string },
): Promise<string[]> {
  const sittingOut = tx
    .select({ userId: roundSitOuts.userId })
    .from(roundSitOuts)
    .where(and(eq(roundSitOuts.roundId, round.id), eq(roundSitOuts.userId, groupMembers.userId)));
  const rows = await tx
    .select({ id: groupMembers.userId })
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, round.groupId), notExists(sittingOut)))
    .orderBy(asc(groupMembers.joinedAt), asc(groupMembers.userId));
  return rows.map((row) => row.id);
}

/** `userId` takes no further part in the round, even if they come back. */
export async function addSitOut(tx: Tx, roundId: string, userId: string, now: Date) {
  await tx.insert(roundSitOuts).values({ roundId, userId, leftAt: now }).onConflictDoNothing();
}

export async function submittedIds(tx: Tx, roundId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: roundSubmissions.userId })
    .from(roundSubmissions)
    .where(eq(roundSubmissions.roundId, roundId));
  return rows.map((row) => row.id);
}

/**
 * participantIds of many rounds in one statement: each round's participants
 * right now, in the order participantIds gives them.
 */
export async function participantsOf(tx: Tx, roundIds: string[]) {
  if (roundIds.length === 0) return [];
  return tx
    .select({ roundId: rounds.id, userId: groupMembers.userId })
    .from(rounds)
    .innerJoin(groupMembers, eq(groupMembers.groupId, rounds.groupId))
    .where(
      and(
        inArray(rounds.id, roundIds),
        sql`NOT EXISTS (SELECT 1 FROM ${roundSitOuts}
          WHERE ${roundSitOuts.roundId} = ${rounds.id} AND ${roundSitOuts.userId} = ${groupMembers.userId})`,
      ),
    )
    .orderBy(asc(rounds.id), asc(groupMembers.joinedAt), asc(groupMembers.userId));
}

/** Who submitted in each of the rounds. */
export async function submissionsOf(tx: Tx, roundIds: string[]) {
  if (roundIds.length === 0) return [];
  return tx
    .select({ roundId: roundSubmissions.roundId, userId: roundSubmissions.userId })
    .from(roundSubmissions)
    .where(inArray(roundSubmissions.roundId, roundIds));
}

/** The votes of the rounds, each round's in listVotes's order. */
export async function votesOf(tx: Tx, roundIds: string[]) {
  if (roundIds.length === 0) return [];
  return tx
    .select({ roundId: votes.roundId, ...voteColumns })
    .from(votes)
    .where(inArray(votes.roundId, roundIds))
    .orderBy(asc(votes.roundId), asc(votes.selectedBy), asc(votes.selectedFor));
}

export async function insertSubmission(tx: Tx, roundId: string, userId: string, now: Date) {
  const rows = await tx
    .insert(roundSubmissions)
    .values({ roundId, userId, submittedAt: now })
    .onConflictDoNothing()
    .returning({ userId: roundSubmissions.userId });
  return rows.length > 0;
}

/** Saves a vote; a field left undefined keeps what was saved. */
export async function upsertVote(
  tx: Tx,
  key: VoteKey,
  change: { optionSelected?: "A" | "B" | null; comments?: string | null; updatedAt: Date },
): Promise<VoteRow> {
  const [row] = await tx
    .insert(votes)
    .values({ ...key, ...change })
    .onConflictDoUpdate({
      target: [votes.roundId, votes.selectedBy, votes.selectedFor],
      set: change,
    })
    .returning();
  if (!row) throw new Error("the vote upsert returned no row");
  return row;
}

const voteColumns = {
  selectedBy: votes.selectedBy,
  selectedFor: votes.selectedFor,
  optionSelected: votes.optionSelected,
  comments: votes.comments,
};

/** A round's votes; with `by`, only that voter's. */
export function listVotes(tx: Tx, roundId: string, by?: string) {
  return tx
    .select(voteColumns)
    .from(votes)
    .where(and(eq(votes.roundId, roundId), by === undefined ? undefined : eq(votes.selectedBy, by)))
    .orderBy(asc(votes.selectedBy), asc(votes.selectedFor));
}

/**
 * A closed round's submitted ballots: the votes of those who submitted. Drafts
 * of someone who never submitted stay theirs alone (docs/game-rules.md#secrecy).
 */
export function listSubmittedVotes(tx: Tx, roundId: string) {
  return tx
    .select({ ...voteColumns, commentHidden: sql<boolean>`${hiddenComments.roundId} IS NOT NULL` })
    .from(votes)
    .leftJoin(
      hiddenComments,
      and(
        eq(hiddenComments.roundId, votes.roundId),
        eq(hiddenComments.selectedBy, votes.selectedBy),
        eq(hiddenComments.selectedFor, votes.selectedFor),
      ),
    )
    .innerJoin(
      roundSubmissions,
      and(
        eq(roundSubmissions.roundId, votes.roundId),
        eq(roundSubmissions.userId, votes.selectedBy),
      ),
    )
    .where(eq(votes.roundId, roundId))
    .orderBy(asc(votes.selectedBy), asc(votes.selectedFor));
}

/** Drops from a round everything of someone who no longer takes part: their votes, votes about them, their submission. */
export async function dropParticipant(tx: Tx, roundId: string, userId: string) {
  await tx
    .delete(votes)
    .where(
      and(
        eq(votes.roundId, roundId),
        or(eq(votes.selectedBy, userId), eq(votes.selectedFor, userId)),
      ),
    );
  await tx
    .delete(roundSubmissions)
    .where(and(eq(roundSubmissions.roundId, roundId), eq(roundSubmissions.userId, userId)));
}

/** Deletes these votes (at closing: those by or about someone outside the participants). */
export async function dropVotes(tx: Tx, keys: VoteKey[]) {
  if (keys.length === 0) return;
  const rows = keys.map((k) => sql`(${k.roundId}, ${k.selectedBy}, ${k.selectedFor})`);
  await tx.execute(sql`DELETE FROM votes
    WHERE (round_id, selected_by, selected_for) IN (${sql.join(rows, sql`, `)})`);
}

export async function insertResults(tx: Tx, rows: (typeof roundResults.$inferInsert)[]) {
  if (rows.length > 0) await tx.insert(roundResults).values(rows).onConflictDoNothing();
}
