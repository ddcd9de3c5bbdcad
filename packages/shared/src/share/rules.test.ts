import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { dailyShareText, dayInWords, ordinal, podiumOf, roundShareText, wrapText } from "./rules";

describe("dailyShareText", () => {
  it("names the option picked and the day as people write it", () => {
    expect(dailyShareText({ title: "eitheror", day: "2026-11-26", pick: "Tea", percent: 40 })).toBe(
      "eitheror, 26 November 2026: I picked “Tea” — 40% agreed",
    );
  });
  it("carries any product title and option text as they are", () => {
    expect(
      dailyShareText({ title: "Pick One", day: "2025-01-01", pick: " Coffee ☕ ", percent: 100 }),
    ).toBe("Pick One, 1 January 2025: I picked “Coffee ☕” — 100% agreed");
  });
});

describe("dayInWords", () => {
  it.each([
    ["2026-11-26", "26 November 2026"],
    ["2025-01-01", "1 January 2025"],
    ["2024-02-29", "29 February 2024"],
    ["2026-12-31", "31 December 2026"],
  ])("writes %s as %s, whatever the local time zone", (day, words) => {
    expect(dayInWords(day)).toBe(words);
  });
});

describe("ordinal", () => {
  it.each([
    [1, "1st"],
    [2, "2nd"],
    [3, "3rd"],
    [4, "4th"],
    [11, "11th"],
    [12, "12th"],
    [13, "13th"],
    [21, "21st"],
    [102, "102nd"],
    [111, "111th"],
  ])("%i → %s", (n, text) => expect(ordinal(n)).toBe(text));
});

describe("podiumOf", () => {
  it("keeps the first three by points, ties sharing a rank, names only", () => {
    const results = [
      { displayName: "Ana", points: 2, comments: "secret" },
      { displayName: "Ben", points: 3 },
      { displayName: "Cy", points: 2 },
      { displayName: null, points: 0 },
    ];
    expect(podiumOf(results)).toEqual([
      { rank: 1, displayName: "Ben", points: 3 },
      { rank: 2, displayName: "Ana", points: 2 },
      { rank: 2, displayName: "Cy", points: 2 },
    ]);
  });
  it("names a participant without a name 'Former member'", () => {
    expect(podiumOf([{ displayName: null, points: 1 }])).toEqual([
      { rank: 1, displayName: "Former member", points: 1 },
    ]);
  });
});

describe("roundShareText", () => {
  const round = {
    title: "eitheror",
    number: 3,
    groupName: "Friends",
    closedOn: "2026-11-27",
    dilemma: "Tea or coffee?",
    podium: [
      { rank: 1, displayName: "Ana", points: 2 },
      { rank: 2, displayName: "Ben", points: 1 },
      { rank: 2, displayName: "Cy", points: 1 },
    ],
  };
  it("names the round, the group, the day it closed, the question, the pick and the podium", () => {
    expect(roundShareText({ ...round, pick: " Tea " })).toBe(
      'eitheror — round 3 of Friends, 27 November 2026: "Tea or coffee?" I picked "Tea". 1st Ana (2 pts), 2nd Ben (1 pt), 2nd Cy (1 pt)',
    );
  });
  it("says no pick for a sharer who did not vote", () => {
    expect(roundShareText({ ...round, pick: null, podium: [] })).toBe(
      'eitheror — round 3 of Friends, 27 November 2026: "Tea or coffee?"',
    );
  });
});

describe("wrapText", () => {
  it("breaks at spaces", () => {
    expect(wrapText("Would you rather fly or be invisible?", 16)).toEqual([
      "Would you rather",
      "fly or be",
      "invisible?",
    ]);
  });
  it("cuts a word longer than a line, and only then", () => {
    expect(wrapText("a Supercalifragilistic b", 8)).toEqual([
      "a",
      "Supercal",
      "ifragili",
      "stic b",
    ]);
  });
  it("gives no line for empty text", () => {
    expect(wrapText("   ", 10)).toEqual([]);
  });

  const words = fc.array(
    fc.string({
      minLength: 1,
      maxLength: 30,
      unit: fc.constantFrom("a", "b", "é", "W", "😀", "?"),
    }),
    { maxLength: 40 },
  );
  const spaces = fc.constantFrom(" ", "  ", "\n", "\t");

  it("keeps every line within the limit and loses no word", () => {
    fc.assert(
      fc.property(words, spaces, fc.integer({ min: 1, max: 60 }), (list, gap, limit) => {
        const lines = wrapText(list.join(gap), limit);
        for (const line of lines) {
          expect(Array.from(line).length).toBeLessThanOrEqual(limit);
          expect(line).toBe(line.trim());
          expect(line.length).toBeGreaterThan(0);
        }
        expect(lines.join("").replace(/\s/g, "")).toBe(list.join(""));
        // A word shorter than a line is never cut: it stands whole on one line.
        for (const word of list.filter((w) => Array.from(w).length <= limit)) {
          expect(lines.some((line) => line.split(" ").includes(word))).toBe(true);
        }
      }),
    );
  });
});
