import { describe, expect, it } from "vitest";
import { timeSince } from "./rules";

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
