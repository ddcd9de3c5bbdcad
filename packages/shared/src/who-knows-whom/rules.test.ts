import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { type CastVote, type Participant, scoreRound } from "../rounds/rules";
import {
  compareReadings,
  figuresOf,
  gridOf,
  type NamedMember,
  type PairTally,
  viewerFirst,
} from "./rules";
import type { WhoKnowsWhom } from "./schema";

type Pick = "A" | "B";
interface PlayedRound {
  participants: Participant[];
  votes: CastVote[];
}

/**
 * The grid's definition, written out the slow way: in each closed round, every
 * ordered pair of two different submitted participants is one try, and a right
 * one when the predictor's vote for the target is the target's own vote.
 */
function tally(rounds: readonly PlayedRound[]): PairTally[] {
  const cells = new Map<string, PairTally>();
  for (const { participants, votes } of rounds) {
    const submitted = participants.filter((p) => p.submitted).map((p) => p.id);
    const pick = (by: string, of: string) =>
      votes.find((v) => v.selectedBy === by && v.selectedFor === of)?.optionSelected ?? null;
    for (const p of submitted) {
      for (const t of submitted) {
        if (p === t) continue;
        const cell = cells.get(`${p}>${t}`) ?? { predictorId: p, targetId: t, right: 0, tries: 0 };
        cell.tries += 1;
        const truth = pick(t, t);
        if (truth !== null && pick(p, t) === truth) cell.right += 1;
        cells.set(`${p}>${t}`, cell);
      }
    }
  }
  return [...cells.values()];
}

const everyone = (ids: string[], submitted: string[]) =>
  ids.map((id) => ({ id, submitted: submitted.includes(id) }));
const v = (selectedBy: string, selectedFor: string, optionSelected: Pick): CastVote => ({
  selectedBy,
  selectedFor,
  optionSelected,
});
const member = (id: string, displayName: string | null = id) => ({ id, displayName });
/** The figures of `members` from the tallies, through the answer's matrices. */
const figuresFrom = <M extends NamedMember>(members: M[], cells: readonly PairTally[]) =>
  figuresOf(members, gridOf(members, cells));

// The two examples of docs/game-rules.md#points, played one after the other.
const allThree: PlayedRound = {
  participants: everyone(["ana", "ben", "cy"], ["ana", "ben", "cy"]),
  votes: [
    ...[v("ana", "ana", "A"), v("ana", "ben", "B"), v("ana", "cy", "B")],
    ...[v("ben", "ben", "B"), v("ben", "ana", "A"), v("ben", "cy", "A")],
    ...[v("cy", "cy", "A"), v("cy", "ana", "B"), v("cy", "ben", "B")],
  ],
};
const cyMissing: PlayedRound = {
  participants: everyone(["ana", "ben", "cy"], ["ana", "ben"]),
  votes: [
    ...[v("ana", "ana", "A"), v("ana", "ben", "B"), v("ana", "cy", "A")],
    ...[v("ben", "ben", "A"), v("ben", "ana", "A"), v("ben", "cy", "A")],
    ...[v("cy", "cy", "A"), v("cy", "ana", "A"), v("cy", "ben", "A")],
  ],
};

describe("the grid of docs/game-rules.md's examples", () => {
  const cells = tally([allThree, cyMissing]);
  const cell = (p: string, t: string) => cells.find((c) => c.predictorId === p && c.targetId === t);

  it("counts a try for each pair who both submitted, and a right one for each point", () => {
    expect(cell("ana", "ben")).toMatchObject({ right: 1, tries: 2 });
    expect(cell("ana", "cy")).toMatchObject({ right: 0, tries: 1 });
    expect(cell("ben", "ana")).toMatchObject({ right: 2, tries: 2 });
    expect(cell("ben", "cy")).toMatchObject({ right: 1, tries: 1 });
    expect(cell("cy", "ana")).toMatchObject({ right: 0, tries: 1 });
    expect(cell("cy", "ben")).toMatchObject({ right: 1, tries: 1 });
    expect(cells).toHaveLength(6);
  });

  it("names each member's most predictable and best reader with the figures", () => {
    const members = [member("ana", "Ana"), member("ben", "Ben"), member("cy", "Cy")];
    const figures = figuresFrom([...members, member("dee", "Dee")], cells);
    const of = (id: string) => figures.find((f) => f.id === id);
    expect(of("ana")).toMatchObject({
      mostPredictable: { memberId: "ben", right: 1, tries: 2 },
      bestReader: { memberId: "ben", right: 2, tries: 2 },
    });
    // Ana 2 of 2 and Cy 1 of 1 are both always right: more rights wins.
    expect(of("ben")).toMatchObject({
      mostPredictable: { memberId: "ana", right: 2, tries: 2 },
      bestReader: { memberId: "cy", right: 1, tries: 1 },
    });
    expect(of("cy")).toMatchObject({
      mostPredictable: { memberId: "ben", right: 1, tries: 1 },
      bestReader: { memberId: "ben", right: 1, tries: 1 },
    });
    // Dee joined after: no try, nobody's figure.
    expect(of("dee")).toMatchObject({ mostPredictable: null, bestReader: null });
  });

  it("breaks equal figures by name, and leaves out people no longer listed", () => {
    const cells = [
      { predictorId: "x", targetId: "z", right: 1, tries: 2 },
      { predictorId: "x", targetId: "a", right: 1, tries: 2 },
      { predictorId: "x", targetId: "gone", right: 3, tries: 3 },
    ];
    const [x] = figuresFrom([member("x", "Xi"), member("z", "amy"), member("a", "Zed")], cells);
    expect(x?.mostPredictable).toEqual({ memberId: "z", right: 1, tries: 2 });
  });

  it("lays the tallies out as matrices in the members' order, 0 of 0 without a try", () => {
    const members = [member("cy"), member("ana"), member("dee"), member("ben")];
    const cellsWithGone = [...cells, { predictorId: "ana", targetId: "gone", right: 3, tries: 3 }];
    expect(gridOf(members, cellsWithGone)).toEqual({
      right: [
        [0, 0, 0, 1],
        [0, 0, 0, 1],
        [0, 0, 0, 0],
        [1, 2, 0, 0],
      ],
      tries: [
        [0, 1, 0, 1],
        [1, 0, 0, 2],
        [0, 0, 0, 0],
        [1, 2, 0, 0],
      ],
    });
    expect(gridOf([], cells)).toEqual({ right: [], tries: [] });
  });

  it("puts the viewer first and keeps the others' order, rows and columns alike", () => {
    const members = [member("ana"), member("ben"), member("cy")];
    const grid: WhoKnowsWhom = {
      groupId: "g",
      closedRounds: 2,
      members: figuresFrom(
        members.map((m) => ({ ...m, photoURL: null })),
        cells,
      ),
      ...gridOf(members, cells),
    };
    const seenByBen = viewerFirst(grid, "ben");
    expect(seenByBen.members.map((m) => m.id)).toEqual(["ben", "ana", "cy"]);
    expect(seenByBen.right).toEqual([
      [0, 2, 1],
      [1, 0, 0],
      [1, 0, 0],
    ]);
    expect(seenByBen.tries).toEqual([
      [0, 2, 1],
      [2, 0, 1],
      [1, 1, 0],
    ]);
    expect(viewerFirst(grid, "ana")).toBe(grid);
    expect(viewerFirst(grid, "stranger")).toBe(grid);
  });
});

const ids = ["a", "b", "c", "d", "e"];
const playedRound = fc
  .record({
    submitted: fc.uniqueArray(fc.constantFrom(...ids)),
    picks: fc.array(fc.constantFrom<Pick>("A", "B"), { minLength: 25, maxLength: 25 }),
  })
  .map(({ submitted, picks }) => ({
    participants: everyone(ids, submitted),
    votes: ids.flatMap((by, i) => ids.map((of, j) => v(by, of, picks[i * 5 + j] ?? "A"))),
  }));
const names = fc.array(fc.constantFrom("Ana", "ana", "Ben", null), {
  minLength: 5,
  maxLength: 5,
});

describe("the grid's figures, for any rounds", () => {
  it("sum, per predictor and round, to the points of the round", () => {
    fc.assert(
      fc.property(playedRound, (round) => {
        const scores = scoreRound(round.participants, round.votes);
        const cells = tally([round]);
        for (const id of ids) {
          const right = cells.filter((c) => c.predictorId === id).reduce((n, c) => n + c.right, 0);
          expect(right).toBe(scores[id]?.points);
        }
      }),
    );
  });

  it("are never more right than tries, and tries go both ways", () => {
    fc.assert(
      fc.property(fc.array(playedRound, { maxLength: 4 }), (rounds) => {
        const cells = tally(rounds);
        for (const cell of cells) {
          expect(cell.right).toBeLessThanOrEqual(cell.tries);
          const back = cells.find(
            (c) => c.predictorId === cell.targetId && c.targetId === cell.predictorId,
          );
          expect(back?.tries).toBe(cell.tries);
        }
      }),
    );
  });

  it("name another member, a best one, and someone exactly when there was a try", () => {
    fc.assert(
      fc.property(fc.array(playedRound, { maxLength: 4 }), names, (rounds, shown) => {
        const cells = tally(rounds);
        const members = ids.map((id, i) => member(id, shown[i] ?? null));
        const nameOf = (id: string) => members.find((m) => m.id === id)?.displayName ?? "";
        for (const figures of figuresFrom(members, cells)) {
          const sides = [
            { pick: figures.mostPredictable, mine: (c: PairTally) => c.predictorId === figures.id },
            { pick: figures.bestReader, mine: (c: PairTally) => c.targetId === figures.id },
          ];
          for (const { pick, mine } of sides) {
            const readings = cells.filter(mine).map((c) => ({
              memberId: c.predictorId === figures.id ? c.targetId : c.predictorId,
              right: c.right,
              tries: c.tries,
            }));
            expect(pick === null).toBe(readings.length === 0);
            if (!pick) continue;
            expect(pick.memberId).not.toBe(figures.id);
            expect(readings).toContainEqual(pick);
            for (const other of readings) {
              expect(compareReadings(other, pick, nameOf)).toBeGreaterThanOrEqual(0);
            }
          }
        }
      }),
    );
  });

  it("do not depend on the order of the cells", () => {
    fc.assert(
      fc.property(fc.array(playedRound, { maxLength: 3 }), (rounds) => {
        const cells = tally(rounds);
        const members = ids.map((id) => member(id));
        expect(figuresFrom(members, [...cells].reverse())).toEqual(figuresFrom(members, cells));
      }),
    );
  });
});

describe("the grid in the viewer's order, for any rounds and viewer", () => {
  it("shows every pair's counts where that pair's row and column meet", () => {
    fc.assert(
      fc.property(
        fc.array(playedRound, { maxLength: 3 }),
        fc.shuffledSubarray(ids, { minLength: 1 }),
        fc.constantFrom(...ids, "stranger"),
        (rounds, order, viewerId) => {
          const cells = tally(rounds);
          const members = order.map((id) => ({ ...member(id), photoURL: null }));
          const grid = { groupId: "g", closedRounds: rounds.length, ...gridOf(members, cells) };
          const seen = viewerFirst({ ...grid, members: figuresFrom(members, cells) }, viewerId);
          if (order.includes(viewerId)) expect(seen.members[0]?.id).toBe(viewerId);
          seen.members.forEach((predictor, p) => {
            seen.members.forEach((target, t) => {
              const cell = cells.find(
                (c) => c.predictorId === predictor.id && c.targetId === target.id,
              );
              expect([seen.right[p]?.[t], seen.tries[p]?.[t]]).toEqual([
                cell?.right ?? 0,
                cell?.tries ?? 0,
              ]);
            });
          });
        },
      ),
    );
  });
});

describe("the readings' name order", () => {
  it("builds its collator at the first tie, not as a page loads the rules", async () => {
    vi.resetModules();
    const Collator = Intl.Collator;
    let built = 0;
    const counting = class extends Collator {
      constructor(...args: ConstructorParameters<typeof Collator>) {
        super(...args);
        built++;
      }
    };
    // Intl's members are read-only to TypeScript, not to the engine.
    const setCollator = (value: unknown) =>
      Object.defineProperty(Intl, "Collator", { value, configurable: true, writable: true });
    setCollator(counting);
    try {
      const fresh = await import("./rules");
      const nameOf = (id: string) => ({ a: "Ana", b: "bea" })[id] ?? id;
      const better = { memberId: "a", right: 2, tries: 2 };
      const worse = { memberId: "b", right: 1, tries: 2 };
      expect(fresh.compareReadings(better, worse, nameOf)).toBeLessThan(0);
      expect(built).toBe(0);
      expect(fresh.compareReadings(better, { ...worse, right: 2 }, nameOf)).toBeLessThan(0);
      expect(built).toBe(1);
    } finally {
      setCollator(Collator);
    }
  });
});
