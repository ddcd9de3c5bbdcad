import { PREVIEW_LENGTH } from "./schema";

export interface Participant {
  id: string;
  submitted: boolean;
}

export interface CastVote {
  selectedBy: string;
  selectedFor: string;
  optionSelected: "A" | "B" | null;
}

export interface Score {
  isSubmitted: boolean;
  points: number;
}

/** A participant's round as the reveal tells it (docs/game-rules.md#read-right). */
export interface Reading extends Score {
  /** The others with a pick of their own, when this participant submitted: their points are out of it. */
  readable: number;
  /** The others who submitted and predicted this participant's own pick. */
  readRightBy: number;
  /** The others who submitted, when this participant has a pick of their own. */
  readableBy: number;
}

interface Truths {
  submitted: ReadonlySet<string>;
  /** A submitted participant's own pick: the truth about them. */
  truth: ReadonlyMap<string, "A" | "B">;
}

function truthsOf(participants: readonly Participant[], votes: readonly CastVote[]): Truths {
  const submitted = new Set(participants.filter((p) => p.submitted).map((p) => p.id));
  const truth = new Map<string, "A" | "B">();
  for (const vote of votes) {
    const own = vote.selectedBy === vote.selectedFor;
    if (own && submitted.has(vote.selectedBy) && vote.optionSelected) {
      truth.set(vote.selectedBy, vote.optionSelected);
    }
  }
  return { submitted, truth };
}

/**
 * Whether one prediction came true: null for a pick about oneself, no pick, a
 * voter who did not submit, or someone with no truth (did not submit, or not a
 * participant).
 */
function judge({ submitted, truth }: Truths, vote: CastVote): boolean | null {
  if (vote.selectedBy === vote.selectedFor || !vote.optionSelected) return null;
  if (!submitted.has(vote.selectedBy)) return null;
  const right = truth.get(vote.selectedFor);
  return right === undefined ? null : vote.optionSelected === right;
}

/**
 * A closed round read in full (docs/game-rules.md#points): a submitted
 * participant's own choice is the truth about them; every other submitted
 * participant earns one point for predicting it. Predicting oneself earns
 * nothing; someone who did not submit earns 0 and is nobody's point. Votes by
 * or about people who are not participants count for nothing. Beside the
 * points, out of how many each could read, and who read them right.
 */
export function readRound(
  participants: readonly Participant[],
  votes: readonly CastVote[],
): Record<string, Reading> {
  const truths = truthsOf(participants, votes);
  const { submitted, truth } = truths;
  const readings: Record<string, Reading> = {};
  for (const { id, submitted: isSubmitted } of participants) {
    const others = (ids: Iterable<string>) => [...ids].filter((other) => other !== id).length;
    readings[id] = {
      isSubmitted,
      points: 0,
      readable: isSubmitted ? others(truth.keys()) : 0,
      readRightBy: 0,
      readableBy: truth.has(id) ? others(submitted) : 0,
    };
  }
  for (const vote of votes) {
    const by = readings[vote.selectedBy];
    const about = readings[vote.selectedFor];
    if (by && about && judge(truths, vote) === true) {
      by.points += 1;
      about.readRightBy += 1;
    }
  }
  return readings;
}

/** The points of a closed round (readRound, the points alone): what closing fixes. */
export function scoreRound(
  participants: readonly Participant[],
  votes: readonly CastVote[],
): Record<string, Score> {
  const readings = readRound(participants, votes);
  return Object.fromEntries(
    Object.entries(readings).map(([id, { isSubmitted, points }]) => [id, { isSubmitted, points }]),
  );
}

/** Each vote with whether it came true (`judge`): what a closed round shows on every prediction. */
export function judgeVotes<V extends CastVote>(
  participants: readonly Participant[],
  votes: readonly V[],
): (V & { isRight: boolean | null })[] {
  const truths = truthsOf(participants, votes);
  return votes.map((vote) => ({ ...vote, isRight: judge(truths, vote) }));
}

/** The submitted participants with the round's most points, when above 0 (in the order given). */
export function topReaders(readings: Record<string, Score>): string[] {
  const submitted = Object.entries(readings).filter(([, reading]) => reading.isSubmitted);
  const best = Math.max(0, ...submitted.map(([, reading]) => reading.points));
  if (best === 0) return [];
  return submitted.filter(([, reading]) => reading.points === best).map(([id]) => id);
}

/** A member's leaderboard score just before a round closed and just after. */
export interface ScoresAround {
  id: string;
  scoreBefore: number;
  scoreAfter: number;
}

/**
 * Ranks before and after a round (docs/game-rules.md#ranks-before-and-after):
 * each side ranked as the leaderboard ranks (rankByScore), among the same members.
 */
export function ranksAround(
  members: readonly ScoresAround[],
): Record<string, ScoresAround & { rankBefore: number; rankAfter: number }> {
  const rankBy = (score: (member: ScoresAround) => number) =>
    new Map(
      rankByScore(members.map((m) => ({ id: m.id, score: score(m) }))).map((e) => [e.id, e.rank]),
    );
  const before = rankBy((m) => m.scoreBefore);
  const after = rankBy((m) => m.scoreAfter);
  return Object.fromEntries(
    members.map((m) => [
      m.id,
      { ...m, rankBefore: before.get(m.id) ?? 0, rankAfter: after.get(m.id) ?? 0 },
    ]),
  );
}

/**
 * Ranks by score, highest first; equal scores share a rank and the next rank
 * skips past them (1, 2, 2, 4). Equal scores keep their given order.
 */
export function rankByScore<T extends { score: number }>(
  entries: readonly T[],
): (T & { rank: number })[] {
  const sorted = entries
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => b.entry.score - a.entry.score || a.index - b.index)
    .map(({ entry }) => entry);
  return sorted.map((entry, index) => {
    const first = sorted.findIndex((other) => other.score === entry.score);
    return { ...entry, rank: (first === -1 ? index : first) + 1 };
  });
}

/** The dilemma cut to PREVIEW_LENGTH characters plus '...' when longer (Past Rounds). */
export function previewDilemma(dilemma: string): string {
  const characters = Array.from(dilemma);
  if (characters.length <= PREVIEW_LENGTH) return dilemma;
  return `${characters.slice(0, PREVIEW_LENGTH).join("")}...`;
}

/**
 * What home knows of a group's open round: when it is due, whether the viewer's
 * votes are in, and whether the viewer plays it at all (not if they came back
 * during it: docs/game-rules.md).
 */
export interface OpenRoundOfMine {
  dueDate: string;
  isSubmitted: boolean;
  isParticipant: boolean;
}

/**
 * Home's order of groups: those awaiting the viewer's votes first, then those
 * whose round has the viewer's votes, then those without an open round; inside
 * the first two the round due soonest first. Otherwise the order given stays.
 */
export function byVotesNeeded<T>(
  groups: readonly T[],
  roundOf: (group: T) => OpenRoundOfMine | undefined,
): T[] {
  const tier = (round: OpenRoundOfMine | undefined) =>
    !round ? 2 : round.isSubmitted || !round.isParticipant ? 1 : 0;
  const due = (round: OpenRoundOfMine | undefined) =>
    round ? Date.parse(round.dueDate) : Number.POSITIVE_INFINITY;
  return groups
    .map((group, index) => ({ group, index, round: roundOf(group) }))
    .sort(
      (a, b) => tier(a.round) - tier(b.round) || due(a.round) - due(b.round) || a.index - b.index,
    )
    .map(({ group }) => group);
}
