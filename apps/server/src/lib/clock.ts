/**
 * Every "now" of the server comes from here. Tests (APP_ENV=test only) move it
 * forward through POST /api/test/clock, the way a payment provider's test clock
 * lets a subscription expire without waiting.
 */
let offsetMs = 0;

export const clock = {
  now(): Date {
    return new Date(Date.now() + offsetMs);
  },
  advance(ms: number): Date {
    offsetMs += ms;
    return clock.now();
  },
  reset(): void {
    offsetMs = 0;
  },
};
