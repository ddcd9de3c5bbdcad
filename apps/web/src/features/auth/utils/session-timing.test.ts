import { describe, expect, it } from "vitest";
import {
  MAX_TIMER_MS,
  RETRY_MAX_MS,
  RETRY_START_MS,
  renewRetryDelay,
  SESSION_RENEW_BEFORE_MS,
  sessionCheckDelay,
} from "./session-timing";

const MINUTE = 60_000;
const now = Date.UTC(2025, 0, 1, 12);

describe("sessionCheckDelay", () => {
  it("waits until 5 minutes before the session expires", () => {
    expect(SESSION_RENEW_BEFORE_MS).toBe(5 * MINUTE);
    expect(sessionCheckDelay(now + 60 * MINUTE, now, false)).toBe(55 * MINUTE);
  });

  it("renews at once when less than 5 minutes are left, or the session already ran out", () => {
    expect(sessionCheckDelay(now + 4 * MINUTE, now, false)).toBe(0);
    expect(sessionCheckDelay(now - MINUTE, now, false)).toBe(0);
  });

  it("after a renewal that did not move the expiry, looks again at the expiry", () => {
    expect(sessionCheckDelay(now + 4 * MINUTE, now, true)).toBe(4 * MINUTE);
  });

  it("never looks again at an unchanged session sooner than the retry start", () => {
    expect(sessionCheckDelay(now + 1000, now, true)).toBe(RETRY_START_MS);
    expect(sessionCheckDelay(now - MINUTE, now, true)).toBe(RETRY_START_MS);
  });

  it("keeps long sessions within what a timer can hold", () => {
    expect(sessionCheckDelay(now + 60 * 24 * 60 * MINUTE, now, false)).toBe(MAX_TIMER_MS);
  });
});

describe("renewRetryDelay", () => {
  it("starts at 30 seconds and doubles", () => {
    expect([0, 1, 2, 3, 4, 5].map(renewRetryDelay)).toEqual(
      [0.5, 1, 2, 4, 8, 16].map((minutes) => minutes * MINUTE),
    );
  });

  it("stays at 16 minutes however many failures follow", () => {
    expect(RETRY_MAX_MS).toBe(16 * MINUTE);
    expect(renewRetryDelay(6)).toBe(RETRY_MAX_MS);
    expect(renewRetryDelay(1000)).toBe(RETRY_MAX_MS);
  });

  it("treats a nonsensical count as the first failure", () => {
    expect(renewRetryDelay(-3)).toBe(RETRY_START_MS);
  });
});
