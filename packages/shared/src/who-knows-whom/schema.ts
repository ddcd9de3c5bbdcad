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

/**
 * A count per ordered pair of members, in the members' order: row = predictor's
 * index, column = target's. The diagonal (nobody scores on themself) is 0.
 */
const pairMatrix = z.array(z.array(count));
export type PairMatrix = z.infer<typeof pairMatrix>;

/**
 * The grid: the current members, in the order they joined (the same answer for
 * every member; the page puts its viewer first), and two members × members
 * matrices in that order: `right[p][t]` of `tries[p][t]` guesses of member p
 * about member t were right (0 of 0: they never played a round together).
 * Matrices, not an object per pair: at 100 members that is 9,900 pairs, and
 * every member of the group reads them (decision 0080).
 */
export const whoKnowsWhomSchema = z
  .object({
    groupId: z.string(),
    /** How many of the group's rounds are closed (0: nothing to show yet). */
    closedRounds: count,
    members: z.array(whoKnowsWhomMemberSchema),
    right: pairMatrix,
    tries: pairMatrix,
  })
  .refine(
    ({ members, right, tries }) =>
      [right, tries].every(
        (matrix) =>
          matrix.length === members.length && matrix.every((row) => row.length === members.length),
      ),
    "The grid's matrices are members × members.",
  );
export type WhoKnowsWhom = z.infer<typeof whoKnowsWhomSchema>;

export const whoKnowsWhomResponseSchema = dataEnvelope(
  z.object({ whoKnowsWhomData: whoKnowsWhomSchema }),
);
