import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  byVotesNeeded,
  type CastVote,
  judgeVotes,
  type OpenRoundOfMine,
  type Participant,
  previewDilemma,
  rankByScore,
  ranksAround,
  readRound,
  scoreRound,
  topReaders,
} from "./rules";

const vote = (by: string, forWhom: string, option: "A" | "B" | null): CastVote => ({
  selectedBy: by,
  selectedFor: forWhom,
  optionSelected: option,
});

const ids = ["a", "b", "c", "d", "e"];
const round = fc.record({
  submitted: fc.uniqueArray(fc.constantFrom(...ids)),
  votes: fc.array(
    fc.record({
      selectedBy: fc.constantFrom(...ids),
      selectedFor: fc.constantFrom(...ids),
      optionSelected: fc.constantFrom("A" as const, "B" as const, null),
    }),
  ),
});
const participantsOf = (submitted: string[]) =>
  ids.map((id) => ({ id, submitted: submitted.includes(id) }));

describe("scoreRound", () => {
  it("scores the example of docs/game-rules.md", () => {
    const people: Participant[] = ["ana", "ben", "cy"].map((id) => ({ id, submitted: true }));
    const votes = [
      vote("ana", "ana", "A"),
      vote("ana", "ben", "B"),
      vote("ana", "cy", "B"),
      vote("ben", "ben", "B"),
      vote("ben", "ana", "A"),
      vote("ben", "cy", "A"),
      vote("cy", "cy", "A"),
      vote("cy", "ana", "B"),
      vote("cy", "ben", "B"),
    ];
    expect(scoreRound(people, votes)).toEqual({
      ana: { isSubmitted: true, points: 1 },
      ben: { isSubmitted: true, points: 2 },
      cy: { isSubmitted: true, points: 1 },
    });
  });

  it("gives nothing to or for someone who did not submit", () => {
    const people = [
      { id: "ana", submitted: true },
      { id: "ben", submitted: true },
      { id: "cy", submitted: false },
    ];
    const votes = [
      vote("ana", "ana", "A"),
      vote("ana", "ben", "A"),
      vote("ana", "cy", "A"),
      vote("ben", "ben", "A"),
      vote("ben", "ana", "A"),
      vote("ben", "cy", "A"),
      // Cy's votes are progress, not a truth: nobody is right or wrong about Cy.
      vote("cy", "cy", "A"),
      vote("cy", "ana", "A"),
      vote("cy", "ben", "A"),
    ];
    expect(scoreRound(people, votes)).toEqual({
      ana: { isSubmitted: true, points: 1 },
      ben: { isSubmitted: true, points: 1 },
      cy: { isSubmitted: false, points: 0 },
    });
  });

  it("ignores votes by or about people who are not participants", () => {
    const people = [
      { id: "ana", submitted: true },
      { id: "ben", submitted: true },
    ];
    const votes = [
      vote("ana", "ana", "B"),
      vote("ana", "ben", "A"),
      vote("ana", "gone", "A"),
      vote("ben", "ben", "A"),
      vote("ben", "ana", "B"),
      vote("gone", "gone", "A"),
      vote("gone", "ana", "B"),
    ];
    expect(scoreRound(people, votes)).toEqual({
      ana: { isSubmitted: true, points: 1 },
      ben: { isSubmitted: true, points: 1 },
    });
  });

  it("never gives more points than the other submitted participants, nor any to a non-submitter", () => {
    fc.assert(
      fc.property(round, ({ submitted, votes }) => {
        const scores = scoreRound(participantsOf(submitted), votes);
        for (const id of ids) {
          const score = scores[id];
          expect(score?.points).toBeGreaterThanOrEqual(0);
          if (!submitted.includes(id)) expect(score?.points).toBe(0);
          else expect(score?.points).toBeLessThanOrEqual(submitted.length - 1);
        }
      }),
    );
  });

  it("is unchanged by predictions about oneself other than one's own truth, and by vote order", () => {
    fc.assert(
      fc.property(round, ({ submitted, votes }) => {
        const people = participantsOf(submitted);
        const scores = scoreRound(people, votes);
        // Dedupe to one vote per pair, as the database keeps them, then shuffle.
        const byPair = new Map(votes.map((v) => [`${v.selectedBy}>${v.selectedFor}`, v]));
        const once = [...byPair.values()];
        expect(scoreRound(people, [...once].reverse())).toEqual(scoreRound(people, once));
        expect(Object.keys(scores).sort()).toEqual([...ids].sort());
      }),
    );
  });

  it("gives everyone who submitted full marks when all predict everyone right", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.constantFrom(...ids), { minLength: 2 }),
        fc.array(fc.constantFrom("A" as const, "B" as const), { minLength: 5, maxLength: 5 }),
        (submitted, choices) => {
          const truth = new Map(ids.map((id, i) => [id, choices[i] ?? "A"]));
          const votes = ids.flatMap((by) => ids.map((to) => vote(by, to, truth.get(to) ?? "A")));
          const scores = scoreRound(participantsOf(submitted), votes);
          for (const id of submitted) expect(scores[id]?.points).toBe(submitted.length - 1);
        },
      ),
    );
  });
});

/** The second round of docs/game-rules.md's reveal example: Dan joined after Ana submitted; Cy did not submit. */
const secondRound = {
  people: [
    { id: "ana", submitted: true },
    { id: "ben", submitted: true },
    { id: "cy", submitted: false },
    { id: "dan", submitted: true },
  ],
  votes: [
    vote("ana", "ana", "B"),
    vote("ana", "ben", "A"),
    vote("ana", "cy", "A"),
    vote("ben", "ben", "A"),
    vote("ben", "ana", "B"),
    vote("ben", "cy", "B"),
    vote("ben", "dan", "A"),
    vote("cy", "cy", "A"),
    vote("cy", "ana", "B"),
    vote("dan", "dan", "A"),
    vote("dan", "ana", "B"),
    vote("dan", "ben", "A"),
    vote("dan", "cy", "A"),
  ],
};

describe("readRound", () => {
  it("reads the reveal example of docs/game-rules.md", () => {
    expect(readRound(secondRound.people, secondRound.votes)).toEqual({
      // Ana never predicted Dan (she had submitted when he joined): still one of hers to read.
      ana: { isSubmitted: true, points: 1, readable: 2, readRightBy: 2, readableBy: 2 },
      ben: { isSubmitted: true, points: 2, readable: 2, readRightBy: 2, readableBy: 2 },
      cy: { isSubmitted: false, points: 0, readable: 0, readRightBy: 0, readableBy: 0 },
      dan: { isSubmitted: true, points: 2, readable: 2, readRightBy: 1, readableBy: 2 },
    });
  });

  it("gives the points scoreRound fixes, as many right readings as points, within what could be read", () => {
    fc.assert(
      fc.property(round, ({ submitted, votes }) => {
        const people = participantsOf(submitted);
        const once = [
          ...new Map(votes.map((v) => [`${v.selectedBy}>${v.selectedFor}`, v])).values(),
        ];
        const readings = readRound(people, once);
        const scores = scoreRound(people, once);
        let points = 0;
        let readRightBy = 0;
        for (const id of ids) {
          const reading = readings[id];
          expect({ isSubmitted: reading?.isSubmitted, points: reading?.points }).toEqual(
            scores[id],
          );
          expect(reading?.points).toBeLessThanOrEqual(reading?.readable ?? 0);
          expect(reading?.readRightBy).toBeLessThanOrEqual(reading?.readableBy ?? 0);
          points += reading?.points ?? 0;
          readRightBy += reading?.readRightBy ?? 0;
        }
        expect(readRightBy).toBe(points);
      }),
    );
  });
});

describe("judgeVotes", () => {
  it("marks each prediction about someone with a pick of their own, and nothing else", () => {
    const judged = judgeVotes(secondRound.people, secondRound.votes);
    const marks = Object.fromEntries(
      judged.map((v) => [`${v.selectedBy}>${v.selectedFor}`, v.isRight]),
    );
    expect(marks).toEqual({
      "ana>ana": null,
      "ana>ben": true,
      "ana>cy": null,
      "ben>ben": null,
      "ben>ana": true,
      "ben>cy": null,
      "ben>dan": true,
      // A draft of someone who did not submit is judged nothing (and never shown).
      "cy>cy": null,
      "cy>ana": null,
      "dan>dan": null,
      "dan>ana": true,
      "dan>ben": true,
      "dan>cy": null,
    });
  });

  it("calls a prediction without a pick neither right nor wrong, and a wrong one false", () => {
    const people = [
      { id: "ana", submitted: true },
      { id: "ben", submitted: true },
    ];
    const votes = [
      vote("ana", "ana", "A"),
      vote("ben", "ben", "B"),
      vote("ana", "ben", null),
      vote("ben", "ana", "B"),
    ];
    expect(judgeVotes(people, votes).map((v) => v.isRight)).toEqual([null, null, null, false]);
  });

  it("has as many right ones per voter as the voter's points", () => {
    fc.assert(
      fc.property(round, ({ submitted, votes }) => {
        const people = participantsOf(submitted);
        const once = [
          ...new Map(votes.map((v) => [`${v.selectedBy}>${v.selectedFor}`, v])).values(),
        ];
        const scores = scoreRound(people, once);
        for (const id of ids) {
          const right = judgeVotes(people, once).filter((v) => v.selectedBy === id && v.isRight);
          expect(right.length).toBe(scores[id]?.points);
        }
      }),
    );
  });
});

describe("topReaders", () => {
  it("names every submitted participant with the most points", () => {
    expect(topReaders(readRound(secondRound.people, secondRound.votes))).toEqual(["ben", "dan"]);
  });

  it("names nobody when nobody scored", () => {
    expect(
      topReaders({ ana: { isSubmitted: true, points: 0 }, cy: { isSubmitted: false, points: 0 } }),
    ).toEqual([]);
  });
});

describe("ranksAround", () => {
  it("ranks the reveal example of docs/game-rules.md before and after its second round", () => {
    const ranks = ranksAround([
      { id: "ana", scoreBefore: 1, scoreAfter: 2 },
      { id: "ben", scoreBefore: 2, scoreAfter: 4 },
      { id: "cy", scoreBefore: 1, scoreAfter: 1 },
      { id: "dan", scoreBefore: 0, scoreAfter: 2 },
    ]);
    const moves = Object.values(ranks).map((r) => [r.id, r.rankBefore, r.rankAfter]);
    expect(moves).toEqual([
      ["ana", 2, 2],
      ["ben", 1, 1],
      ["cy", 2, 4],
      ["dan", 4, 2],
    ]);
  });
});

describe("rankByScore", () => {
  it("shares ranks between equal scores and skips past them", () => {
    const ranked = rankByScore([
      { id: "a", score: 3 },
      { id: "b", score: 5 },
      { id: "c", score: 3 },
      { id: "d", score: 1 },
    ]);
    expect(ranked.map((e) => [e.id, e.rank])).toEqual([
      ["b", 1],
      ["a", 2],
      ["c", 2],
      ["d", 4],
    ]);
  });

  it("sorts by score, ranks from 1, and gives equal scores equal ranks", () => {
    fc.assert(
      fc.property(fc.array(fc.nat(20), { maxLength: 30 }), (scores) => {
        const ranked = rankByScore(scores.map((score, id) => ({ id, score })));
        expect(ranked).toHaveLength(scores.length);
        ranked.forEach((entry, i) => {
          const above = ranked.filter((other) => other.score > entry.score).length;
          expect(entry.rank).toBe(above + 1);
          if (i > 0) expect(ranked[i - 1]?.score).toBeGreaterThanOrEqual(entry.score);
        });
      }),
    );
  });
});

describe("previewDilemma", () => {
  it("keeps up to 100 characters and cuts longer ones with '...'", () => {
    expect(previewDilemma("Tea or coffee?")).toBe("Tea or coffee?");
    expect(previewDilemma("x".repeat(100))).toBe("x".repeat(100));
    expect(previewDilemma("x".repeat(101))).toBe(`${"x".repeat(100)}...`);
  });

  it("never splits a character made of two UTF-16 units", () => {
    expect(previewDilemma(`${"x".repeat(99)}😀😀`)).toBe(`${"x".repeat(99)}😀...`);
  });

  it("is the text itself when short enough, else its first 100 characters and '...'", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 200 }), (text) => {
        const chars = Array.from(text);
        const preview = previewDilemma(text);
        if (chars.length <= 100) expect(preview).toBe(text);
        else expect(preview).toBe(`${chars.slice(0, 100).join("")}...`);
      }),
    );
  });
});

describe("byVotesNeeded (home's order)", () => {
  const round = (dueDate: string, isSubmitted: boolean, isParticipant = true): OpenRoundOfMine => ({
    dueDate,
    isSubmitted,
    isParticipant,
  });
  const rounds: Record<string, OpenRoundOfMine | undefined> = {
    idle: undefined,
    sittingOut: round("2026-11-26T10:00:00.000Z", false, false),
    doneSoon: round("2026-11-27T10:00:00.000Z", true),
    awaitingLate: round("2026-11-30T10:00:00.000Z", false),
    awaitingSoon: round("2026-11-28T10:00:00.000Z", false),
    doneLate: round("2026-12-01T10:00:00.000Z", true),
    idleToo: undefined,
  };

  it("puts the groups awaiting your votes first, soonest due first, then the rest", () => {
    expect(byVotesNeeded(Object.keys(rounds), (id) => rounds[id])).toEqual([
      "awaitingSoon",
      "awaitingLate",
      "sittingOut",
      "doneSoon",
      "doneLate",
      "idle",
      "idleToo",
    ]);
  });

  it("keeps the given order where nothing tells two apart, and loses no group", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ id: fc.uuid(), awaiting: fc.option(fc.boolean()) })),
        (groups) => {
          const roundOf = (g: (typeof groups)[number]) =>
            g.awaiting === null ? undefined : round("2026-11-28T10:00:00.000Z", !g.awaiting);
          const sorted = byVotesNeeded(groups, roundOf);
          const ids = (list: typeof groups) => list.map((g) => g.id).sort();
          expect(ids(sorted)).toEqual(ids(groups));
          const tiers = sorted.map((g) => (g.awaiting === null ? 2 : g.awaiting ? 0 : 1));
          expect(tiers).toEqual([...tiers].sort());
          for (const tier of [0, 1, 2]) {
            const inTier = (g: (typeof groups)[number]) =>
              (g.awaiting === null ? 2 : g.awaiting ? 0 : 1) === tier;
            expect(sorted.filter(inTier)).toEqual(groups.filter(inTier));
          }
        },
      ),
    );
  });
});
