import type { PairTally, Reading } from "./schema";

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

const names = new Intl.Collator("en", { sensitivity: "base" });

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
 * Each member's 'most predictable' and 'best reader' (docs/game-rules.md#who-knows-whom),
 * in the members' order. Only pairs of two different listed members with at
 * least one try count: someone who left, or a pair that never played together,
 * is nobody's figure.
 */
export function figuresOf<M extends NamedMember>(
  members: readonly M[],
  cells: readonly PairTally[],
): (M & MemberFigures)[] {
  const listed = new Map(members.map((member) => [member.id, member]));
  const nameOf = (id: string) => listed.get(id)?.displayName ?? "";
  const counted = cells.filter(
    (cell) =>
      cell.tries > 0 &&
      cell.predictorId !== cell.targetId &&
      listed.has(cell.predictorId) &&
      listed.has(cell.targetId),
  );
  return members.map((member) => ({
    ...member,
    mostPredictable: best(
      counted
        .filter((cell) => cell.predictorId === member.id)
        .map(({ targetId, right, tries }) => ({ memberId: targetId, right, tries })),
      nameOf,
    ),
    bestReader: best(
      counted
        .filter((cell) => cell.targetId === member.id)
        .map(({ predictorId, right, tries }) => ({ memberId: predictorId, right, tries })),
      nameOf,
    ),
  }));
}

/** The grid's order: the viewer first, then everyone else as given (the order they joined). */
export function viewerFirst<M extends { id: string }>(
  members: readonly M[],
  viewerId: string,
): M[] {
  return [
    ...members.filter((member) => member.id === viewerId),
    ...members.filter((member) => member.id !== viewerId),
  ];
}
