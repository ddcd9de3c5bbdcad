import { DELETED_PLAYER_NAME as DELETED_PLAYER } from "@eitheror/shared/account/schema";
import {
  type CommentKey,
  type ModerationEntry,
  moderationMessages,
  REPORTS_PER_DAY,
  type Report,
  type ReportBody,
} from "@eitheror/shared/moderation/schema";
import type { Unit } from "../../db/transaction";
import type { Viewer } from "../../lib/auth/provider";
import type { Core } from "../../lib/core";
import { conflict, notFound } from "../../lib/http/errors";
import { publishAfterCommit } from "../../lib/live/events";
import type { GroupAccess } from "../groups/service";
import type { RateLimiter } from "../rate-limits/service";
import {
  commentExists,
  type ForgottenAccount,
  findClosedRoundOf,
  forgetInModeration,
  hideComment,
  insertModerationEntry,
  insertReport,
  listModerationLog,
  listOpenReports,
  lockOpenReport,
  type NewModerationEntry,
  type ReportRow,
  reportExists,
  resolveReports,
} from "./data";

const DAY_MS = 24 * 60 * 60 * 1000;
const QUEUE_SIZE = 100;
const LOG_SIZE = 100;

/** One moderation action, as the log keeps it (who, what, when). */
export type ModerationRecord = Omit<NewModerationEntry, "createdAt">;
export type RecordModeration = (unit: Pick<Unit, "tx">, entry: ModerationRecord) => Promise<void>;

/** The moderation log's one writer: every feature that moderates records through it. */
export function createModerationLog({ clock }: Pick<Core, "clock">) {
  const record: RecordModeration = (unit, entry) =>
    insertModerationEntry(unit.tx, { ...entry, createdAt: clock.now() });
  return { record };
}
export type ModerationLog = ReturnType<typeof createModerationLog>;

export interface ModerationOptions {
  groups: GroupAccess;
  limiter: RateLimiter;
  log: ModerationLog;
  /** The dilemmas feature's hide: the dilemma is never drawn again (rounds that had it keep it). */
  hideDilemma: (unit: Unit, dilemmaId: string, actorId: string) => Promise<void>;
}

const noSuchRound = () => notFound("This round does not exist.");
const noSuchComment = () => notFound(moderationMessages.noComment);

/** A closed round of the group the caller is a member of; an open one cannot be reported (409). */
async function closedRoundFor(core: Core, groupId: string, roundId: string) {
  const round = await findClosedRoundOf(core.db, groupId, roundId);
  if (!round) throw noSuchRound();
  if (!round.archivedAt) throw conflict("round_open", moderationMessages.roundOpen);
  return round;
}

type QueueRow = Awaited<ReturnType<typeof listOpenReports>>[number];
const person = (id: string | null, displayName: string | null) => (id ? { id, displayName } : null);

function toReport(row: QueueRow): Report {
  return {
    id: row.id,
    target: row.target,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    reporter: person(row.reporterId, row.reporterName),
    group: { id: row.groupId, name: row.groupName },
    roundId: row.roundId,
    dilemma: {
      id: row.dilemmaId,
      dilemma: row.dilemma,
      optionA: row.optionA,
      optionB: row.optionB,
      fromGroup: row.dilemmaGroupId !== null,
      hidden: row.dilemmaHiddenAt !== null,
    },
    comment:
      row.target === "comment"
        ? {
            text: row.commentText,
            author: person(row.commentBy, row.commentAuthorName),
            hidden: row.commentHidden,
          }
        : null,
  };
}

/** Hides a comment, closes the open reports about it and logs who did it, in one unit. */
async function hideCommentAndClose(
  { clock, events }: Pick<Core, "clock" | "events">,
  log: ModerationLog,
  unit: Unit,
  {
    key,
    actorId,
    groupId,
    detail,
  }: {
    key: { roundId: string } & CommentKey;
    actorId: string;
    groupId: string;
    detail: string | null;
  },
) {
  const now = clock.now();
  await hideComment(unit.tx, { ...key, hiddenBy: actorId, hiddenAt: now });
  await resolveReports(
    unit.tx,
    { roundId: key.roundId, commentBy: key.selectedBy, commentFor: key.selectedFor },
    { status: "actioned", resolvedBy: actorId, resolvedAt: now },
  );
  await log.record(unit, {
    actorId,
    action: "hide-comment",
    targetType: "comment",
    targetId: `${key.roundId}/${key.selectedBy}/${key.selectedFor}`,
    groupId,
    detail,
  });
  // Pages showing it, and what instances keep of the round, drop its text.
  publishAfterCommit(unit, events, groupId, { type: "comment-hidden", roundId: key.roundId });
}

/** What a group's admin, and the product admin, may do to what a round shows. */
function createGroupModeration(core: Core, options: ModerationOptions) {
  const { transaction, clock } = core;
  const { groups, limiter, log } = options;
  return {
    /** A member reports a closed round's dilemma, or a comment of a submitted ballot. */
    async report(viewer: Viewer, groupId: string, roundId: string, body: ReportBody) {
      const { groupId: id, viewer: member } = await groups.memberOf(viewer, groupId);
      const round = await closedRoundFor(core, id, roundId);
      const comment =
        body.target === "comment"
          ? { selectedBy: body.selectedBy, selectedFor: body.selectedFor }
          : null;
      if (comment && !(await commentExists(core.db, { roundId: round.id, ...comment }))) {
        throw noSuchComment();
      }
      await limiter.hit(`reports:user:${member.user.id}`, {
        limit: REPORTS_PER_DAY,
        windowMs: DAY_MS,
        message: moderationMessages.tooMany,
      });
      return insertReport(core.db, {
        reporterId: member.user.id,
        groupId: id,
        roundId: round.id,
        dilemmaId: round.dilemmaId,
        target: body.target,
        commentBy: comment?.selectedBy ?? null,
        commentFor: comment?.selectedFor ?? null,
        reason: body.reason,
        createdAt: clock.now(),
      });
    },

    /** The group's admin hides a comment of a closed round: others see that it was hidden. */
    async hideComment(viewer: Viewer, groupId: string, roundId: string, key: CommentKey) {
      const { groupId: id, viewer: admin } = await groups.adminOf(viewer, groupId);
      const round = await closedRoundFor(core, id, roundId);
      if (!(await commentExists(core.db, { roundId: round.id, ...key }))) throw noSuchComment();
      await transaction(async (unit) => {
        await hideCommentAndClose(core, log, unit, {
          key: { roundId: round.id, ...key },
          actorId: admin.user.id,
          groupId: id,
          detail: null,
        });
      });
    },
  };
}

/** The open report, locked; 409 once dealt with, 404 when there is none. */
async function openReport(unit: Unit, reportId: string): Promise<ReportRow> {
  const report = await lockOpenReport(unit.tx, reportId);
  if (report) return report;
  if (await reportExists(unit.tx, reportId)) {
    throw conflict("already_decided", moderationMessages.alreadyResolved);
  }
  throw notFound("This report does not exist.");
}

/** Hides what the report names, closing every open report about it. */
async function hideReported(
  core: Core,
  { hideDilemma, log }: ModerationOptions,
  unit: Unit,
  report: ReportRow,
  actorId: string,
) {
  const now = core.clock.now();
  if (report.target === "dilemma") {
    await hideDilemma(unit, report.dilemmaId, actorId);
    await resolveReports(
      unit.tx,
      { dilemmaId: report.dilemmaId },
      { status: "actioned", resolvedBy: actorId, resolvedAt: now },
    );
    return;
  }
  await hideCommentAndClose(core, log, unit, {
    key: {
      roundId: report.roundId,
      selectedBy: report.commentBy ?? "",
      selectedFor: report.commentFor ?? "",
    },
    actorId,
    groupId: report.groupId,
    detail: `report ${report.id}`,
  });
}

/** The product admin's queue: open reports, dismissed or acted on, and the log. */
function createQueue(core: Core, options: ModerationOptions) {
  const { db, transaction, clock, access } = core;
  const { log } = options;
  const hideTarget = (unit: Unit, report: ReportRow, actorId: string) =>
    hideReported(core, options, unit, report, actorId);

  return {
    async queue(viewer: Viewer): Promise<Report[]> {
      access.productAdmin(viewer);
      return (await listOpenReports(db, QUEUE_SIZE)).map(toReport);
    },

    async dismiss(viewer: Viewer, reportId: string) {
      const admin = access.productAdmin(viewer);
      await transaction(async (unit) => {
        const report = await openReport(unit, reportId);
        await resolveReports(
          unit.tx,
          { id: report.id },
          { status: "dismissed", resolvedBy: admin.user.id, resolvedAt: clock.now() },
        );
        await log.record(unit, {
          actorId: admin.user.id,
          action: "dismiss-report",
          targetType: "report",
          targetId: report.id,
          groupId: report.groupId,
          detail: report.reason,
        });
      });
    },

    /** Hides what the report names; every open report about the same thing is closed with it. */
    async hide(viewer: Viewer, reportId: string) {
      const admin = access.productAdmin(viewer);
      await transaction(async (unit) => {
        const report = await openReport(unit, reportId);
        await hideTarget(unit, report, admin.user.id);
      });
    },

    async log(viewer: Viewer): Promise<ModerationEntry[]> {
      access.productAdmin(viewer);
      const rows = await listModerationLog(db, LOG_SIZE);
      return rows.map((row) => ({
        id: row.id,
        action: row.action,
        targetType: row.targetType,
        targetId: row.targetId,
        detail: row.detail,
        actor: person(row.actorId, row.actorName),
        createdAt: row.createdAt.toISOString(),
      }));
    },
  };
}

/**
 * Reports and moderation (decision 0077), by use: `groups` (a member's report,
 * the group admin's hide) and `queue` (the product admin's).
 */
export function createModerationService(core: Core, options: ModerationOptions) {
  return {
    groups: createGroupModeration(core, options),
    queue: createQueue(core, options),
    /** A deleted account's part: named by the stand-in, or "Deleted player" in free text. */
    forget: ({ tx }: Pick<Unit, "tx">, account: Omit<ForgottenAccount, "replacement">) =>
      forgetInModeration(tx, { ...account, replacement: DELETED_PLAYER }),
  };
}

export type ModerationService = ReturnType<typeof createModerationService>;
