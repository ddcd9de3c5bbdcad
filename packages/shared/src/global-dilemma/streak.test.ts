import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  dayAfterTexts,
  dayBefore,
  rollUpStreak,
  type StreakRecord,
  streakAfterChoosing,
  utcDay,
  visibleStreak,
} from "./rules";

const DAY_MS = 24 * 60 * 60 * 1000;
const START = Date.parse("2024-02-20T00:00:00Z");
const dayAt = (offset: number) => utcDay(new Date(START + offset * DAY_MS));

/** Rolls up the days in order, as the daily job does. */
const rollAll = (days: string[]) =>
  [...days].sort().reduce<StreakRecord | null>((record, day) => rollUpStreak(record, day), null);

/** The naive answer: count back from `end` while each day is in the set. */
function runEndingAt(days: Set<string>, end: string): number {
  let n = 0;
  for (let day = end; days.has(day); day = dayBefore(day)) n++;
  return n;
}

const offsets = fc.uniqueArray(fc.integer({ min: 0, max: 40 }), { maxLength: 30 });

describe("dayBefore", () => {
  it("steps back over months, leap days and years", () => {
    expect(dayBefore("2024-03-01")).toBe("2024-02-29");
    expect(dayBefore("2023-03-01")).toBe("2023-02-28");
    expect(dayBefore("2025-01-01")).toBe("2024-12-31");
    expect(dayBefore("2026-11-24")).toBe("2026-11-23");
  });
});

describe("rollUpStreak", () => {
  it("starts at 1, grows by consecutive days and restarts after a missed day", () => {
    const first = rollUpStreak(null, "2026-11-20");
    expect(first).toEqual({ lastDay: "2026-11-20", days: 1 });
    const second = rollUpStreak(first, "2026-11-21");
    expect(second).toEqual({ lastDay: "2026-11-21", days: 2 });
    const third = rollUpStreak(second, "2026-11-22");
    expect(third).toEqual({ lastDay: "2026-11-22", days: 3 });
    // 23rd missed: the 24th starts again.
    expect(rollUpStreak(third, "2026-11-24")).toEqual({ lastDay: "2026-11-24", days: 1 });
  });

  it("carries a streak over a month's and a leap day's end", () => {
    const feb = rollUpStreak({ lastDay: "2024-02-28", days: 4 }, "2024-02-29");
    expect(rollUpStreak(feb, "2024-03-01")).toEqual({ lastDay: "2024-03-01", days: 6 });
  });

  it("changes nothing for a day already rolled up or older", () => {
    const record = { lastDay: "2026-11-22", days: 3 };
    expect(rollUpStreak(record, "2026-11-22")).toBe(record);
    expect(rollUpStreak(record, "2026-11-10")).toBe(record);
  });

  it("applied day by day, equals the run of consecutive days ending at the last day", () => {
    fc.assert(
      fc.property(offsets, (list) => {
        fc.pre(list.length > 0);
        const days = list.map(dayAt);
        const record = rollAll(days);
        const last = [...days].sort().at(-1) as string;
        expect(record).toEqual({ lastDay: last, days: runEndingAt(new Set(days), last) });
      }),
    );
  });
});

describe("visibleStreak", () => {
  const record = { lastDay: "2026-11-22", days: 3 };

  it.each([
    ["chose yesterday and today", "2026-11-23", true, 4],
    ["chose yesterday, not yet today", "2026-11-23", false, 3],
    ["missed yesterday, chose today", "2026-11-24", true, 1],
    ["missed yesterday, not yet today", "2026-11-24", false, 0],
  ])("%s", (_, today, chosen, days) => {
    expect(visibleStreak(record, today as string, chosen as boolean)).toBe(days);
  });

  it("is 1 on a first choice and 0 before it", () => {
    expect(visibleStreak(null, "2026-11-23", true)).toBe(1);
    expect(visibleStreak(null, "2026-11-23", false)).toBe(0);
  });

  it("equals the naive run ending today (chosen) or yesterday (not yet)", () => {
    fc.assert(
      fc.property(offsets, fc.integer({ min: 1, max: 42 }), fc.boolean(), (list, at, chosen) => {
        const today = dayAt(at);
        // The roll-up knows the finished days only.
        const finished = list.map(dayAt).filter((day) => day < today);
        const all = new Set(chosen ? [...finished, today] : finished);
        const expected = runEndingAt(all, chosen ? today : dayBefore(today));
        expect(visibleStreak(rollAll(finished), today, chosen)).toBe(expected);
      }),
    );
  });
});

describe("streakAfterChoosing", () => {
  it("counts today once, however often the viewer chooses", () => {
    const first = streakAfterChoosing({ days: 2, chosenToday: false });
    expect(first).toEqual({ days: 3, chosenToday: true });
    expect(streakAfterChoosing(first)).toEqual(first);
  });

  it("agrees with the visible streak of the same record", () => {
    fc.assert(
      fc.property(fc.option(fc.integer({ min: 1, max: 500 })), (days) => {
        const record = days === null ? null : { lastDay: "2026-11-22", days };
        const before = { days: visibleStreak(record, "2026-11-23", false), chosenToday: false };
        expect(streakAfterChoosing(before).days).toBe(visibleStreak(record, "2026-11-23", true));
      }),
    );
  });
});

describe("dayAfterTexts", () => {
  it("words the streak for none, a first day and a run", () => {
    expect(dayAfterTexts.streak(0)).toBe("Pick today's dilemma to start a streak.");
    expect(dayAfterTexts.streak(1)).toBe("Day 1 of your streak. Come back tomorrow!");
    expect(dayAfterTexts.streak(12)).toBe("12-day streak. Keep it going!");
  });

  it("names yesterday's UTC day and its answers", () => {
    expect(dayAfterTexts.yesterdayLabel("2026-11-23")).toBe("Yesterday · Monday, November 23");
    expect(dayAfterTexts.finalAnswers(1)).toBe("1 answer in the end");
    expect(dayAfterTexts.finalAnswers(12345)).toBe("12,345 answers in the end");
  });
});
