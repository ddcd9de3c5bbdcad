import type { PairMatrix, Reading, WhoKnowsWhom } from "./schema";

/** One ordered pair's counts over the closed rounds, as the tallies keep them (decision 0080). */
export interface PairTally {
  predictorId: string;
  targetId: string;
  right: number;
  tries: number;
}

/** The grid's counts: `right[p][t]` of `tries[p][t]`, rows and columns in the members' order. */
export interface PairGrid {
  right: PairMatrix;
  tries: PairMatrix;
}

export interface NamedMember {
  id: string;
  displayName: string | null;
}

export interface MemberFigures {
  /** The other member this one read right most often. */
  mostPredictable: Reading | null;
  /** The other member who read this one right most often. */
  bestReader: Reading | null;
}

/**
 * Built when two readings first tie: building one loads the browser's collation data,
 * some 70 ms on a fast machine and four times that on a phone, and a page that shows
 * no figures should not pay it as it loads.
 */
let names: Intl.Collator | undefined;

/**
 * Orders readings best first: the higher share right (compared exactly, never
 * as rounded percentages), then more rights, then the other member's name,
 * then their id, so equal figures always pick the same member.
 */
export function compareReadings(
  a: Reading,
  b: Reading,
  nameOf: (memberId: string) => string,
): number {
  const share = b.right * a.tries - a.right * b.tries;
  if (share !== 0) return share;
  if (a.right !== b.right) return b.right - a.right;
  names ??= new Intl.Collator("en", { sensitivity: "base" });
  const byName = names.compare(nameOf(a.memberId), nameOf(b.memberId));
  if (byName !== 0) return byName;
  return a.memberId < b.memberId ? -1 : a.memberId > b.memberId ? 1 : 0;
}

function best(readings: Reading[], nameOf: (memberId: string) => string): Reading | null {
  return readings.reduce<Reading | null>(
    (top, reading) => (top === null || compareReadings(reading, top, nameOf) < 0 ? reading : top),
    null,
  );
}

/**
 * The tallies as the answer's matrices, in the members' order. Only pairs of two
 * different listed members count: someone who left is no row or column, and the
 * diagonal is 0. A pair without a tally is 0 of 0.
 */
export function gridOf(
  members: readonly { id: string }[],
  tallies: readonly PairTally[],
): PairGrid {
  const byPair = new Map(tallies.map((tally) => [`${tally.predictorId}>${tally.targetId}`, tally]));
  const matrix = (figure: "right" | "tries") =>
    members.map((predictor) =>
      members.map((target) =>
        predictor.id === target.id
          ? 0
          : (byPair.get(`${predictor.id}>${target.id}`)?.[figure] ?? 0),
      ),
    );
  return { right: matrix("right"), tries: matrix("tries") };
}

/**
 * Each member's 'most predictable' and 'best reader' (docs/game-rules.md#who-knows-whom),
 * in the members' order, from the grid in that order. Only pairs of two different
 * members with at least one try count: a pair that never played together is
 * nobody's figure.
 */
export function figuresOf<M extends NamedMember>(
  members: readonly M[],
  { right, tries }: PairGrid,
): (M & MemberFigures)[] {
  const listed = new Map(members.map((member) => [member.id, member]));
  const nameOf = (id: string) => listed.get(id)?.displayName ?? "";
  /** What `predictor` read of `target` (indexes), as a reading about `memberId`. */
  const reading = (predictor: number, target: number, memberId: string): Reading[] => {
    const guessed = tries[predictor]?.[target] ?? 0;
    if (predictor === target || guessed === 0) return [];
    return [{ memberId, right: right[predictor]?.[target] ?? 0, tries: guessed }];
  };
  return members.map((member, at) => ({
    ...member,
    mostPredictable: best(
      members.flatMap((other, index) => reading(at, index, other.id)),
      nameOf,
    ),
    bestReader: best(
      members.flatMap((other, index) => reading(index, at, other.id)),
      nameOf,
    ),
  }));
}

/**
 * The grid in the page's order: the viewer first, then everyone else as given
 * (the order they joined). The matrices' rows and columns move with their members.
 */
export function viewerFirst(grid: WhoKnowsWhom, viewerId: string): WhoKnowsWhom {
  const at = grid.members.findIndex((member) => member.id === viewerId);
  if (at <= 0) return grid;
  const first = <T>(items: readonly T[]) => [
    ...items.filter((_, index) => index === at),
    ...items.filter((_, index) => index !== at),
  ];
  return {
    ...grid,
    members: first(grid.members),
    right: first(grid.right).map(first),
    tries: first(grid.tries).map(first),
  };
}
