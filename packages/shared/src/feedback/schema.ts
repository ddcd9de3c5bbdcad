import { z } from "zod";
import { dataEnvelope } from "../api/envelope";
import { freeTextSchema } from "../validation/fields";

export const MAX_FEEDBACK_LENGTH = 1000;
/** Feedback one person may send an hour. */
export const FEEDBACK_PER_HOUR = 5;
export const FEEDBACK_PAGE_SIZE = 20;

export const feedbackMessages = {
  thanks: "Feedback received. Thank you",
  failed: "Internal error, please try again.",
  tooMany: "You have sent a lot of feedback in a short time. Please try again in an hour.",
} as const;

/** The feedback form and the body of POST /feedback/create. */
export const feedbackBodySchema = z.object({
  feedback: freeTextSchema(MAX_FEEDBACK_LENGTH),
});
export type FeedbackBody = z.infer<typeof feedbackBodySchema>;

export const feedbackEntrySchema = z.object({
  id: z.string(),
  feedback: z.string(),
  createdAt: z.iso.datetime(),
  /** Marked done by a product admin. */
  done: z.boolean(),
  /** Who sent it; null once their account is gone. */
  sender: z
    .object({
      id: z.string(),
      displayName: z.string().nullable(),
      email: z.string().nullable(),
      isGuest: z.boolean(),
    })
    .nullable(),
});
export type FeedbackEntry = z.infer<typeof feedbackEntrySchema>;

export const MAX_FEEDBACK_SEARCH_LENGTH = 100;
export const feedbackPageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  /** Only feedback whose text, sender's name or address holds these words (case ignored). */
  q: z.string().trim().max(MAX_FEEDBACK_SEARCH_LENGTH).optional(),
});
export const feedbackParamsSchema = z.object({ feedbackId: z.string().min(1).max(200) });
export const feedbackChangedResponseSchema = dataEnvelope(z.object({ done: z.literal(true) }));
export const feedbackInboxResponseSchema = dataEnvelope(
  z.object({
    feedbackData: z.array(feedbackEntrySchema),
    page: z.number().int(),
    hasMore: z.boolean(),
  }),
);
export const feedbackCreatedResponseSchema = dataEnvelope(z.object({ id: z.string() }));
