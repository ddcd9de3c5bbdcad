import {
  FEEDBACK_PAGE_SIZE,
  FEEDBACK_PER_HOUR,
  type FeedbackEntry,
  feedbackMessages,
} from "@eitheror/shared/feedback/schema";
import type { Viewer } from "../../lib/auth/provider";
import type { Core } from "../../lib/core";
import type { RateLimiter } from "../rate-limits/service";
import { feedbackOf, insertFeedback, listFeedback } from "./data";

const HOUR_MS = 60 * 60 * 1000;

/**
 * Feedback from signed-in people (an account with a name: docs/product.md);
 * a guest, or no session, is refused (docs/decisions/0041).
 */
export function createFeedbackService({
  db,
  clock,
  access,
  limiter,
}: Core & { limiter: RateLimiter }) {
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
    async inbox(viewer: Viewer, page: number) {
      access.productAdmin(viewer);
      const rows = await listFeedback(db, {
        limit: FEEDBACK_PAGE_SIZE + 1,
        offset: (page - 1) * FEEDBACK_PAGE_SIZE,
      });
      const entries: FeedbackEntry[] = rows.slice(0, FEEDBACK_PAGE_SIZE).map((row) => ({
        id: row.id,
        feedback: row.feedback,
        createdAt: row.createdAt.toISOString(),
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
  };
}

export type FeedbackService = ReturnType<typeof createFeedbackService>;
