import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { timeSince, timeUntilDue } from "./rules";

const now = new Date("2026-11-22T12:00:00Z");
const ago = (ms: number) => new Date(now.getTime() - ms);
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe("timeSince", () => {
  it.each([
    [0, "less than 1 minute ago"],
    [59_999, "less than 1 minute ago"],
    [-5 * MIN, "less than 1 minute ago"],
    [MIN, "1 minute ago"],
    [59 * MIN, "59 minutes ago"],
    [HOUR, "1 hour ago"],
    [23 * HOUR + 59 * MIN, "23 hours ago"],
    [DAY, "1 day ago"],
    [6 * DAY, "6 days ago"],
    [7 * DAY, "1 week ago"],
    [20 * DAY, "2 weeks ago"],
  ])("%d ms ago reads %j", (ms, text) => {
    expect(timeSince(ago(ms), now)).toBe(text);
  });

  it.each([
    ["2026-10-22T12:00:00Z", "1 month ago"],
    ["2026-10-23T12:00:00Z", "4 weeks ago"],
    ["2026-01-22T12:00:00Z", "10 months ago"],
    ["2025-11-22T12:00:00Z", "1 year ago"],
    ["2025-09-01T00:00:00Z", "1 year 2 months ago"],
    ["2023-10-22T00:00:00Z", "3 years 1 month ago"],
  ])("from %s reads %j", (from, text) => {
    expect(timeSince(new Date(from), now)).toBe(text);
  });
});

describe("timeUntilDue", () => {
  const inFuture = (ms: number) => new Date(now.getTime() + ms);
  it.each([
    [-DAY, "less than 1 minute"],
    [0, "less than 1 minute"],
    [59_999, "less than 1 minute"],
    [MIN, "1 minute"],
    [59 * MIN + 59_999, "59 minutes"],
    [HOUR, "1 hour"],
    [2 * HOUR + 30 * MIN, "2 hours"],
    [23 * HOUR + 59 * MIN, "23 hours"],
    [DAY, "1 day"],
    [DAY + 30 * MIN, "1 day"],
    [DAY + HOUR, "1 day 1 hour"],
    [DAY + 5 * HOUR, "1 day 5 hours"],
    [2 * DAY - 1, "1 day 23 hours"],
    [2 * DAY, "2 days"],
    [2 * DAY + 1, "3 days"],
    [2 * DAY + HOUR, "3 days"],
    [3 * DAY - 1, "3 days"],
    [3 * DAY, "3 days"],
    [7 * DAY, "7 days"],
  ])("%d ms ahead reads %j", (ms, text) => {
    expect(timeUntilDue(inFuture(ms), now)).toBe(text);
  });

  it("never says less time than is left, nor a day more than is left, from two days on", () => {
    fc.assert(
      fc.property(fc.integer({ min: 2 * DAY, max: 60 * DAY }), (ms) => {
        const days = Number(timeUntilDue(inFuture(ms), now).split(" ")[0]);
        expect(days * DAY).toBeGreaterThanOrEqual(ms);
        expect((days - 1) * DAY).toBeLessThan(ms);
      }),
    );
  });

  it("never grows as the due date comes nearer", () => {
    const order = (text: string) => {
      if (text.startsWith("less")) return 0;
      const [n = "0", unit = ""] = text.split(" ");
      const scale = unit.startsWith("minute") ? MIN : unit.startsWith("hour") ? HOUR : DAY;
      const extra = text.includes("day ") ? Number(text.split(" ")[2]) * HOUR : 0;
      return Number(n) * scale + extra;
    };
    fc.assert(
      fc.property(fc.nat(30 * DAY), fc.nat(30 * DAY), (a, b) => {
        const [near, far] = a < b ? [a, b] : [b, a];
        expect(order(timeUntilDue(inFuture(near), now))).toBeLessThanOrEqual(
          order(timeUntilDue(inFuture(far), now)),
        );
      }),
    );
  });
});
