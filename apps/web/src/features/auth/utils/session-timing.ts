/** Renew the session this long before it runs out (docs/product.md#sign-in-flow). */
export const SESSION_RENEW_BEFORE_MS = 5 * 60_000;
/** The first wait after a failed renewal; each further failure doubles it… */
export const RETRY_START_MS = 30_000;
/** …up to this. */
export const RETRY_MAX_MS = 16 * 60_000;
/** setTimeout fires at once for longer delays (they overflow a 32-bit int). */
export const MAX_TIMER_MS = 2 ** 31 - 1;

const clampTimer = (ms: number) => Math.min(Math.max(ms, 0), MAX_TIMER_MS);

/**
 * How long to wait before asking the server about the session again. First:
 * until 5 minutes before it expires, when asking renews it. If a renewal left
 * the expiry where it was (the server chose not to extend it), the next look is
 * at the expiry itself, and never sooner than the retry start, so an unchanged
 * session is not asked about in a tight loop.
 */
export function sessionCheckDelay(expiresAtMs: number, nowMs: number, renewed: boolean): number {
  if (!renewed) return clampTimer(expiresAtMs - SESSION_RENEW_BEFORE_MS - nowMs);
  return clampTimer(Math.max(expiresAtMs - nowMs, RETRY_START_MS));
}

/** The wait after `failures` failed renewals in a row (0 = the first): 30 s, 1 min, 2 min … 16 min. */
export function renewRetryDelay(failures: number): number {
  const doublings = Math.max(0, Math.floor(failures));
  // 2^6 × 30 s already passes 16 min; stopping there keeps the power finite.
  return Math.min(RETRY_START_MS * 2 ** Math.min(doublings, 10), RETRY_MAX_MS);
}
