import type { ArchivedRound, MemberStat, Option, Vote } from "@eitheror/shared/rounds/schema";

/**
 * A closed round as the server answers it (the contract of issue 36), for the
 * component tests: the example of docs/game-rules.md#points, Ana A, Ben B,
 * Cy A, all three submitted, plus Dee, who did not vote. Ana read Ben right
 * (1 point), Ben read Ana and Cy (2), Cy read Ben (1). The leaderboard before:
 * Cy 2, Dee 2, Ana 1, Ben 0; after: Cy 3, Ana 2, Ben 2, Dee 2.
 */
const stat = (fields: Partial<MemberStat>): MemberStat => ({
  isSubmitted: true,
  points: 0,
  readable: 2,
  readRightBy: 0,
  readableBy: 2,
  scoreBefore: 0,
  scoreAfter: 0,
  rankBefore: 1,
  rankAfter: 1,
  ...fields,
});

export const closedRound: ArchivedRound = {
  id: "r1",
  groupId: "g1",
  dilemma: "Tea or coffee?",
  optionA: "Tea",
  optionB: "Coffee",
  proposedBy: null,
  archivedDate: "2026-11-20T10:00:00.000Z",
  memberStats: {
    ana: stat({
      points: 1,
      readRightBy: 1,
      scoreBefore: 1,
      scoreAfter: 2,
      rankBefore: 3,
      rankAfter: 2,
    }),
    ben: stat({
      points: 2,
      readRightBy: 2,
      scoreBefore: 0,
      scoreAfter: 2,
      rankBefore: 4,
      rankAfter: 2,
    }),
    cy: stat({
      points: 1,
      readRightBy: 0,
      scoreBefore: 2,
      scoreAfter: 3,
      rankBefore: 1,
      rankAfter: 1,
    }),
    dee: stat({
      isSubmitted: false,
      readable: 0,
      readableBy: 0,
      scoreBefore: 2,
      scoreAfter: 2,
      rankBefore: 1,
      rankAfter: 2,
    }),
  },
  topReaderIds: ["ben"],
  revealSeen: false,
  members: [
    { id: "ana", displayName: "Ana", photoURL: null },
    { id: "ben", displayName: "Ben", photoURL: null },
    { id: "cy", displayName: "Cy", photoURL: null },
    { id: "dee", displayName: "Dee", photoURL: null },
  ],
};

const own: Record<string, Option> = { ana: "A", ben: "B", cy: "A" };
const vote = (by: string, about: string, option: Option): Vote => ({
  selectedBy: by,
  selectedFor: about,
  optionSelected: option,
  comments: null,
  isRight: by === about || !own[about] ? null : own[about] === option,
});

/** The submitters' ballots (Dee's draft is never in an answer). */
export const closedRoundVotes: Vote[] = [
  vote("ana", "ana", "A"),
  vote("ana", "ben", "B"),
  vote("ana", "cy", "B"),
  vote("ana", "dee", "A"),
  vote("ben", "ben", "B"),
  vote("ben", "ana", "A"),
  vote("ben", "cy", "A"),
  vote("ben", "dee", "B"),
  vote("cy", "cy", "A"),
  vote("cy", "ana", "B"),
  vote("cy", "ben", "B"),
  vote("cy", "dee", "A"),
];

/** matchMedia answering `(prefers-reduced-motion: reduce)` with `reduce`. */
export function stubReducedMotion(reduce: boolean) {
  const matchMedia = (query: string) =>
    ({
      matches: reduce && query.includes("prefers-reduced-motion: reduce"),
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }) as unknown as MediaQueryList;
  return matchMedia;
}
