import { and, asc, desc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { firstOrNull, type Tx } from "../../db/client";
import {
  dilemmas,
  groups,
  hiddenComments,
  moderationLog,
  reports,
  roundSubmissions,
  rounds,
  user,
  votes,
} from "../../db/schema";
import { shownName, shownNameOf } from "../../lib/auth/user-sql";

export type ReportRow = typeof reports.$inferSelect;
export type NewModerationEntry = Omit<typeof moderationLog.$inferInsert, "id">;

export async function insertModerationEntry(tx: Tx, entry: NewModerationEntry) {
  await tx.insert(moderationLog).values(entry);
}

/** The newest moderation actions, with who took them. */
export function listModerationLog(tx: Tx, limit: number) {
  return tx
    .select({
      id: moderationLog.id,
      action: moderationLog.action,
      targetType: moderationLog.targetType,
      targetId: moderationLog.targetId,
      detail: moderationLog.detail,
      actorId: moderationLog.actorId,
      actorName: shownName,
      createdAt: moderationLog.createdAt,
    })
    .from(moderationLog)
    .leftJoin(user, eq(user.id, moderationLog.actorId))
    .orderBy(desc(moderationLog.createdAt), desc(moderationLog.id))
    .limit(limit);
}

/** The group's round, with its dilemma, when it is closed. */
export async function findClosedRoundOf(tx: Tx, groupId: string, roundId: string) {
  return firstOrNull(
    await tx
      .select({ id: rounds.id, dilemmaId: rounds.dilemmaId, archivedAt: rounds.archivedAt })
      .from(rounds)
      .where(and(eq(rounds.groupId, groupId), eq(rounds.id, roundId))),
  );
}

/** Whether a submitted ballot of the round holds this comment (drafts are nobody else's to see). */
export async function commentExists(
  tx: Tx,
  key: { roundId: string; selectedBy: string; selectedFor: string },
): Promise<boolean> {
  const rows = await tx
    .select({ by: votes.selectedBy })
    .from(votes)
    .innerJoin(
      roundSubmissions,
      and(
        eq(roundSubmissions.roundId, votes.roundId),
        eq(roundSubmissions.userId, votes.selectedBy),
      ),
    )
    .where(
      and(
        eq(votes.roundId, key.roundId),
        eq(votes.selectedBy, key.selectedBy),
        eq(votes.selectedFor, key.selectedFor),
        sql`coalesce(${votes.comments}, '') <> ''`,
      ),
    );
  return rows.length > 0;
}

export async function insertReport(
  tx: Tx,
  report: Omit<typeof reports.$inferInsert, "id" | "status">,
): Promise<{ id: string }> {
  const [row] = await tx.insert(reports).values(report).returning({ id: reports.id });
  if (!row) throw new Error("the report insert returned no row");
  return row;
}

export async function hideComment(
  tx: Tx,
  hidden: typeof hiddenComments.$inferInsert,
): Promise<void> {
  await tx.insert(hiddenComments).values(hidden).onConflictDoNothing();
}

/** An open report, locked until the transaction ends: one moderator acts on it. */
export async function lockOpenReport(tx: Tx, reportId: string): Promise<ReportRow | null> {
  return firstOrNull(
    await tx
      .select()
      .from(reports)
      .where(and(eq(reports.id, reportId), eq(reports.status, "open")))
      .for("update"),
  );
}

export async function reportExists(tx: Tx, reportId: string): Promise<boolean> {
  const rows = await tx.select({ id: reports.id }).from(reports).where(eq(reports.id, reportId));
  return rows.length > 0;
}

/** Closes the open reports `where` names (the one acted on, and any others about the same thing). */
export async function resolveReports(
  tx: Tx,
  where:
    | { id: string }
    | { dilemmaId: string }
    | { roundId: string; commentBy: string; commentFor: string },
  resolution: { status: "dismissed" | "actioned"; resolvedBy: string; resolvedAt: Date },
) {
  const condition =
    "id" in where
      ? eq(reports.id, where.id)
      : "dilemmaId" in where
        ? and(eq(reports.dilemmaId, where.dilemmaId), eq(reports.target, "dilemma"))
        : and(
            eq(reports.roundId, where.roundId),
            eq(reports.commentBy, where.commentBy),
            eq(reports.commentFor, where.commentFor),
          );
  await tx
    .update(reports)
    .set(resolution)
    .where(and(condition, eq(reports.status, "open")));
}

const reporter = alias(user, "reporter");
const author = alias(user, "author");

/** The open reports, oldest first, with what the queue shows of each. */
export function listOpenReports(tx: Tx, limit: number) {
  return tx
    .select({
      id: reports.id,
      target: reports.target,
      reason: reports.reason,
      createdAt: reports.createdAt,
      roundId: reports.roundId,
      reporterId: reports.reporterId,
      reporterName: shownNameOf(reporter),
      groupId: groups.id,
      groupName: groups.name,
      dilemmaId: dilemmas.id,
      dilemma: dilemmas.dilemma,
      optionA: dilemmas.optionA,
      optionB: dilemmas.optionB,
      dilemmaGroupId: dilemmas.groupId,
      dilemmaHiddenAt: dilemmas.hiddenAt,
      commentBy: reports.commentBy,
      commentAuthorName: shownNameOf(author),
      commentText: votes.comments,
      commentHidden: sql<boolean>`${hiddenComments.roundId} IS NOT NULL`,
    })
    .from(reports)
    .innerJoin(groups, eq(groups.id, reports.groupId))
    .innerJoin(dilemmas, eq(dilemmas.id, reports.dilemmaId))
    .leftJoin(reporter, eq(reporter.id, reports.reporterId))
    .leftJoin(author, eq(author.id, reports.commentBy))
    .leftJoin(
      votes,
      and(
        eq(votes.roundId, reports.roundId),
        eq(votes.selectedBy, reports.commentBy),
        eq(votes.selectedFor, reports.commentFor),
      ),
    )
    .leftJoin(
      hiddenComments,
      and(
        eq(hiddenComments.roundId, reports.roundId),
        eq(hiddenComments.selectedBy, reports.commentBy),
        eq(hiddenComments.selectedFor, reports.commentFor),
      ),
    )
    .where(eq(reports.status, "open"))
    .orderBy(asc(reports.createdAt), asc(reports.id))
    .limit(limit);
}

/**
 * A deleted account's part of moderation (decision 0078): the log keeps every
 * action, with the stand-in's id where it named theirs, and reports and the log
 * say "Deleted player" where their free text named them.
 */
export async function forgetInModeration(
  tx: Tx,
  { userId, standIn, needles, replacement }: ForgottenAccount,
) {
  await tx
    .update(moderationLog)
    .set({ targetId: sql`replace(${moderationLog.targetId}, ${userId}, ${standIn})` })
    .where(sql`strpos(${moderationLog.targetId}, ${userId}) > 0`);
  for (const needle of needles) {
    await tx
      .update(moderationLog)
      .set({ detail: sql`replace(${moderationLog.detail}, ${needle}, ${replacement})` })
      .where(sql`strpos(${moderationLog.detail}, ${needle}) > 0`);
    await tx
      .update(reports)
      .set({ reason: sql`replace(${reports.reason}, ${needle}, ${replacement})` })
      .where(sql`strpos(${reports.reason}, ${needle}) > 0`);
  }
}

export interface ForgottenAccount {
  userId: string;
  /** The "Deleted player" row their closed rounds moved to. */
  standIn: string;
  /** What names them in text: id, address, name. */
  needles: string[];
  replacement: string;
}
