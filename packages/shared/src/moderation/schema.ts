import { z } from "zod";
import { dataEnvelope } from "../api/envelope";
import { freeTextSchema } from "../validation/fields";

export const MAX_REPORT_REASON_LENGTH = 500;
/** Reports one member may send a day, all groups together. */
export const REPORTS_PER_DAY = 20;

export const moderationMessages = {
  report: "Report",
  reported: "Thank you. The report was sent to the moderators.",
  reasonLabel: "Why are you reporting this?",
  hide: "Hide",
  hiddenComment: "Comment hidden by the group admin",
  tooMany: "You have sent a lot of reports today. Please try again tomorrow.",
  roundOpen: "Only a closed round's dilemma and comments can be reported.",
  noComment: "There is no such comment in this round.",
  alreadyResolved: "This report was already dealt with.",
} as const;

/** What a member reports in a closed round: its dilemma, or one comment (a vote's, by who about whom). */
export const reportBodySchema = z.discriminatedUnion("target", [
  z.object({
    target: z.literal("dilemma"),
    reason: freeTextSchema(MAX_REPORT_REASON_LENGTH),
  }),
  z.object({
    target: z.literal("comment"),
    selectedBy: z.string().min(1).max(200),
    selectedFor: z.string().min(1).max(200),
    reason: freeTextSchema(MAX_REPORT_REASON_LENGTH),
  }),
]);
export type ReportBody = z.infer<typeof reportBodySchema>;
export type ReportBodyInput = z.input<typeof reportBodySchema>;

/** A comment, named by its vote: who wrote it about whom. */
export const commentKeySchema = z.object({
  selectedBy: z.string().min(1).max(200),
  selectedFor: z.string().min(1).max(200),
});
export type CommentKey = z.infer<typeof commentKeySchema>;

export const reportParamsSchema = z.object({ reportId: z.string().min(1).max(200) });

const personSchema = z.object({ id: z.string(), displayName: z.string().nullable() }).nullable();

/** An open report as the product admin's queue shows it. */
export const reportSchema = z.object({
  id: z.string(),
  target: z.enum(["dilemma", "comment"]),
  reason: z.string(),
  createdAt: z.iso.datetime(),
  reporter: personSchema,
  group: z.object({ id: z.string(), name: z.string() }),
  roundId: z.string(),
  dilemma: z.object({
    id: z.string(),
    dilemma: z.string(),
    optionA: z.string(),
    optionB: z.string(),
    /** A group's own dilemma, not the bank's. */
    fromGroup: z.boolean(),
    hidden: z.boolean(),
  }),
  /** The comment reported, for a comment. */
  comment: z
    .object({
      text: z.string().nullable(),
      author: personSchema,
      hidden: z.boolean(),
    })
    .nullable(),
});
export type Report = z.infer<typeof reportSchema>;

export const moderationEntrySchema = z.object({
  id: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  detail: z.string().nullable(),
  actor: personSchema,
  createdAt: z.iso.datetime(),
});
export type ModerationEntry = z.infer<typeof moderationEntrySchema>;

export const reportCreatedResponseSchema = dataEnvelope(
  z.object({ report: z.object({ id: z.string() }) }),
);
export const reportsResponseSchema = dataEnvelope(z.object({ reports: z.array(reportSchema) }));
export const moderationLogResponseSchema = dataEnvelope(
  z.object({ entries: z.array(moderationEntrySchema) }),
);
export const moderatedResponseSchema = dataEnvelope(z.object({ done: z.literal(true) }));
