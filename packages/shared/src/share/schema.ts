import { z } from "zod";
import { dataEnvelope } from "../api/envelope";

export const podiumPlaceSchema = z.object({
  rank: z.number().int().positive(),
  displayName: z.string(),
  points: z.number().int(),
});

/**
 * A signed share address of a closed round: `<roundId>.<signature>`, the signature
 * an HMAC of the round id with the server's secret (decision 0028).
 */
export const shareIdSchema = z
  .string()
  .min(3)
  .max(200)
  .regex(/^[\w-]+\.[\w-]+$/, "Invalid share link.");
export const shareParamsSchema = z.object({ shareId: shareIdSchema });

/** What anyone with the signed link may see of a closed round: never a vote or a comment. */
export const roundTeaserSchema = z.object({
  dilemma: z.string(),
  optionA: z.string(),
  optionB: z.string(),
  podium: z.array(podiumPlaceSchema),
  /** Only for a member of the round's group: where their archived round is. */
  member: z.object({ groupId: z.string(), roundId: z.string() }).nullable(),
});
export type RoundTeaser = z.infer<typeof roundTeaserSchema>;

/** What a member needs to share a closed round: the signed id and the share text's parts. */
export const roundShareSchema = z.object({
  shareId: z.string(),
  number: z.number().int().positive(),
  groupName: z.string(),
  dilemma: z.string(),
  podium: z.array(podiumPlaceSchema),
});
export type RoundShare = z.infer<typeof roundShareSchema>;

export const roundTeaserResponseSchema = dataEnvelope(z.object({ teaser: roundTeaserSchema }));
export const roundShareResponseSchema = dataEnvelope(z.object({ roundShare: roundShareSchema }));

/** The share buttons' and pages' texts (docs/product.md, Share). */
export const shareMessages = {
  share: "Share",
  copied: "Copied",
  copiedLong: "Copied to the clipboard: paste it anywhere.",
  copyRefused: "Your browser did not let us copy. Select the text below and copy it yourself:",
  shareFailed: "Error sharing link. Please try again.",
  roundNotFound: "This share link does not work.",
  dayNotFound: "There is no dilemma for that day.",
} as const;
