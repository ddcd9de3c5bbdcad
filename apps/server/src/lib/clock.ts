/**
 * Every "now" of the server comes from the app's clock. Tests (APP_ENV=test
 * only) move it forward through POST /api/test/clock, the way a payment
 * provider's test clock lets a subscription expire without waiting. Each app
 * has its own, so tests that move one stay independent of each other.
 */
export interface Clock {
  now(): Date;
  advance(ms: number): Date;
  reset(): void;
}

export function createClock(): Clock {
  let offsetMs = 0;
  const clock: Clock = {
    now: () => new Date(Date.now() + offsetMs),
    advance(ms) {
      offsetMs += ms;
      return clock.now();
    },
    reset() {
      offsetMs = 0;
    },
  };
  return clock;
}
