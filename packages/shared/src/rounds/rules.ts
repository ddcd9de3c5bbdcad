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

/**
 * The points of a closed round (docs/game-rules.md#points): a submitted
 * participant's own choice is the truth about them; every other submitted
 * participant earns one point for predicting it. Predicting oneself earns
 * nothing; someone who did not submit earns 0 and is nobody's point. Votes by
 * or about people who are not participants count for nothing.
 */
export function scoreRound(
  participants: readonly Participant[],
  votes: readonly CastVote[],
): Record<string, Score> {
  const submitted = new Set(participants.filter((p) => p.submitted).map((p) => p.id));
  const truth = new Map<string, "A" | "B">();
  for (const vote of votes) {
    const own = vote.selectedBy === vote.selectedFor;
    if (own && submitted.has(vote.selectedBy) && vote.optionSelected) {
      truth.set(vote.selectedBy, vote.optionSelected);
    }
  }
  const scores: Record<string, Score> = {};
  for (const participant of participants) {
    scores[participant.id] = { isSubmitted: participant.submitted, points: 0 };
  }
  for (const vote of votes) {
    if (vote.selectedBy === vote.selectedFor || !submitted.has(vote.selectedBy)) continue;
    const right = truth.get(vote.selectedFor);
    const score = scores[vote.selectedBy];
    if (score && right !== undefined && vote.optionSelected === right) score.points += 1;
  }
  return scores;
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
