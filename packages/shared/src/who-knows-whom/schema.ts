import { z } from "zod";
import { dataEnvelope } from "../api/envelope";

// What the group page's 'Who knows whom' grid shows (docs/game-rules.md#who-knows-whom).

export const whoKnowsWhomMessages = {
  title: "Who knows whom",
  empty: "Play a round to see who reads whom.",
  emptyDetail: "Once a round is over, this grid shows how often each of you guessed the others.",
  noTries: "no rounds together yet",
  notApplicable: "not applicable: nobody scores on themself",
  mostPredictable: "Most predictable",
  bestReader: "Best reader",
  none: "Nobody yet",
  loadFailed: "We could not load who knows whom.",
} as const;

const count = z.number().int().min(0);

/** One ordered pair over the closed rounds: `right` of `tries` guesses of predictor about target. */
export const pairTallySchema = z.object({
  predictorId: z.string(),
  targetId: z.string(),
  right: count,
  tries: count,
});
export type PairTally = z.infer<typeof pairTallySchema>;

/** Another member and the figures behind a 'most predictable' or 'best reader'. */
export const readingSchema = z.object({ memberId: z.string(), right: count, tries: count });
export type Reading = z.infer<typeof readingSchema>;

export const whoKnowsWhomMemberSchema = z.object({
  id: z.string(),
  displayName: z.string().nullable(),
  photoURL: z.string().nullable(),
  /** The member they read right most often; null without a try. */
  mostPredictable: readingSchema.nullable(),
  /** The member who read them right most often; null without a try. */
  bestReader: readingSchema.nullable(),
});
export type WhoKnowsWhomMember = z.infer<typeof whoKnowsWhomMemberSchema>;

/** The grid: current members (the viewer first), and every pair with at least one try. */
export const whoKnowsWhomSchema = z.object({
  groupId: z.string(),
  /** How many of the group's rounds are closed (0: nothing to show yet). */
  closedRounds: count,
  members: z.array(whoKnowsWhomMemberSchema),
  cells: z.array(pairTallySchema),
});
export type WhoKnowsWhom = z.infer<typeof whoKnowsWhomSchema>;

export const whoKnowsWhomResponseSchema = dataEnvelope(
  z.object({ whoKnowsWhomData: whoKnowsWhomSchema }),
);
