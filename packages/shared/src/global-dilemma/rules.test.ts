import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { dilemmaDayLabel, globalDilemmaTexts, splitPercentages, utcDay } from "./rules";

const DAY_MS = 24 * 60 * 60 * 1000;

describe("splitPercentages", () => {
  it("shows 0/0 before anybody has chosen", () => {
    expect(splitPercentages(0, 0)).toEqual({ percentA: 0, percentB: 0 });
  });

  it.each([
    [1, 2, 33, 67],
    [2, 1, 67, 33],
    [1, 1, 50, 50],
    [5, 0, 100, 0],
    [0, 5, 0, 100],
    [1, 199, 1, 99],
    [120, 80, 60, 40],
  ])("A=%i, B=%i → %i%% / %i%%", (countA, countB, percentA, percentB) => {
    expect(splitPercentages(countA, countB)).toEqual({ percentA, percentB });
  });

  it("always adds up to 100 once somebody has chosen, A rounded and B the rest", () => {
    fc.assert(
      fc.property(fc.nat(1_000_000), fc.nat(1_000_000), (countA, countB) => {
        fc.pre(countA + countB > 0);
        const { percentA, percentB } = splitPercentages(countA, countB);
        expect(percentA + percentB).toBe(100);
        expect(Number.isInteger(percentA)).toBe(true);
        expect(percentA).toBe(Math.round((100 * countA) / (countA + countB)));
        expect(percentA).toBeGreaterThanOrEqual(0);
        expect(percentB).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it("never shows 0% for an option somebody chose, unless it is under half a percent", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1000 }), fc.nat(1000), (countA, countB) => {
        const { percentA } = splitPercentages(countA, countB);
        if (countA / (countA + countB) >= 0.005) expect(percentA).toBeGreaterThan(0);
      }),
    );
  });
});

describe("utcDay", () => {
  it("is the UTC calendar day as YYYY-MM-DD", () => {
    expect(utcDay(new Date("2024-03-10T00:00:00.000Z"))).toBe("2024-03-10");
    expect(utcDay(new Date("2024-03-10T23:59:59.999Z"))).toBe("2024-03-10");
    expect(utcDay(new Date("2024-03-11T00:00:00.000Z"))).toBe("2024-03-11");
  });

  it("follows UTC, not the offset the instant was written with", () => {
    expect(utcDay(new Date("2024-03-10T23:30:00-05:00"))).toBe("2024-03-11");
    expect(utcDay(new Date("2024-03-11T01:30:00+02:00"))).toBe("2024-03-10");
  });

  it("handles leap days and year ends", () => {
    expect(utcDay(new Date("2024-02-29T12:00:00Z"))).toBe("2024-02-29");
    expect(utcDay(new Date("2023-12-31T23:59:59Z"))).toBe("2023-12-31");
  });

  it("names the day that contains the instant", () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date("1970-01-01T00:00:00Z"),
          max: new Date("9999-12-31T23:59:59Z"),
          noInvalidDate: true,
        }),
        (at) => {
          const day = utcDay(at);
          expect(day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
          const start = Date.parse(`${day}T00:00:00Z`);
          expect(at.getTime()).toBeGreaterThanOrEqual(start);
          expect(at.getTime()).toBeLessThan(start + DAY_MS);
        },
      ),
    );
  });
});

describe("the card's day label", () => {
  it("names the dilemma's own UTC day, whatever the moment or time zone of the reader", () => {
    expect(globalDilemmaTexts.dayLabel("2026-11-23")).toBe("Today's dilemma · Monday, November 23");
    expect(globalDilemmaTexts.dayLabel(new Date("2026-11-24T23:59:00Z"))).toBe(
      "Today's dilemma · Tuesday, November 24",
    );
  });

  it("says what Intl's English UTC date says, for any moment", () => {
    const intl = new Intl.DateTimeFormat("en-US", {
      weekday: "long",
      month: "long",
      day: "numeric",
      timeZone: "UTC",
    });
    fc.assert(
      fc.property(
        fc.date({ min: new Date("1970-01-01"), max: new Date("2200-12-31"), noInvalidDate: true }),
        (at) => {
          expect(dilemmaDayLabel(at)).toBe(intl.format(at));
        },
      ),
    );
  });
});
