import {
  FEEDBACK_PAGE_SIZE,
  FEEDBACK_PER_HOUR,
  type FeedbackEntry,
  feedbackMessages,
} from "@eitheror/shared/feedback/schema";
import type { Unit } from "../../db/transaction";
import type { Viewer } from "../../lib/auth/provider";
import type { Core } from "../../lib/core";
import { notFound } from "../../lib/http/errors";
import type { RecordModeration } from "../moderation/service";
import type { RateLimiter } from "../rate-limits/service";
import { deleteFeedback, feedbackOf, insertFeedback, listFeedback, markFeedbackDone } from "./data";

const noSuchFeedback = () => notFound("This feedback does not exist.");

const HOUR_MS = 60 * 60 * 1000;

/**
 * Feedback from signed-in people (an account with a name: docs/product.md);
 * a guest, or no session, is refused (docs/decisions/0041).
 */
export function createFeedbackService({
  db,
  clock,
  access,
  transaction,
  limiter,
  record,
}: Core & { limiter: RateLimiter; record: RecordModeration }) {
  /** Changes one piece of feedback and logs who did it, together. */
  async function moderate(
    viewer: Viewer,
    id: string,
    action: "feedback-done" | "feedback-delete",
    change: (unit: Unit) => Promise<boolean>,
  ) {
    const admin = access.productAdmin(viewer);
    await transaction(async (unit) => {
      if (!(await change(unit))) throw noSuchFeedback();
      await record(unit, {
        actorId: admin.user.id,
        action,
        targetType: "feedback",
        targetId: id,
        groupId: null,
        detail: null,
      });
    });
  }

  return {
    async send(viewer: Viewer, text: string) {
      const sender = access.player(viewer);
      await limiter.hit(`feedback:user:${sender.user.id}`, {
        limit: FEEDBACK_PER_HOUR,
        windowMs: HOUR_MS,
        message: feedbackMessages.tooMany,
      });
      return insertFeedback(db, { userId: sender.user.id, text, createdAt: clock.now() });
    },

    /** What one person sent, for their export. */
    async exportOf(userId: string) {
      const rows = await feedbackOf(db, userId);
      return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
    },

    /** The product admin's inbox: newest first, a page at a time. */
    async inbox(viewer: Viewer, page: number, search?: string) {
      access.productAdmin(viewer);
      const rows = await listFeedback(db, {
        limit: FEEDBACK_PAGE_SIZE + 1,
        offset: (page - 1) * FEEDBACK_PAGE_SIZE,
        ...(search ? { search } : {}),
      });
      const entries: FeedbackEntry[] = rows.slice(0, FEEDBACK_PAGE_SIZE).map((row) => ({
        id: row.id,
        feedback: row.feedback,
        createdAt: row.createdAt.toISOString(),
        done: row.doneAt !== null,
        sender: row.senderId
          ? {
              id: row.senderId,
              displayName: row.senderName,
              email: row.senderIsGuest ? null : (row.senderEmail ?? null),
              isGuest: Boolean(row.senderIsGuest),
            }
          : null,
      }));
      return { feedbackData: entries, page, hasMore: rows.length > FEEDBACK_PAGE_SIZE };
    },

    /** Feedback dealt with: it stays, marked done (404 when missing or done already). */
    markDone: (viewer: Viewer, id: string) =>
      moderate(viewer, id, "feedback-done", (unit) => markFeedbackDone(unit.tx, id, clock.now())),

    remove: (viewer: Viewer, id: string) =>
      moderate(viewer, id, "feedback-delete", (unit) => deleteFeedback(unit.tx, id)),
  };
}

export type FeedbackService = ReturnType<typeof createFeedbackService>;
