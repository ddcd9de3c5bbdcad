import { createBatcher } from "../../lib/batcher";
import type { Core } from "../../lib/core";
import { AppError } from "../../lib/errors";
import { countHit, countHits, deleteWindowsBefore, uncountHit } from "./data";

export interface RateRule {
  /** How many hits a key may make per window. */
  limit: number;
  windowMs: number;
  /** The 429's message: what was limited, in words a person understands. */
  message: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Fixed-window counters in PostgreSQL, so every instance shares them (no process
 * memory: docs/architecture.md, scale-out).
 */
export function createRateLimiter({ db, clock }: Core) {
  function tooMany(rule: RateRule, windowStart: Date, at: Date) {
    const retryAfterMs = windowStart.getTime() + rule.windowMs - at.getTime();
    return new AppError(429, rule.message, {
      retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)),
    });
  }

  /**
   * Hits counted together (decision 0024): the callers of a moment share one
   * statement, each still getting its own count, in order.
   */
  let calls = 0;
  const grouped = createBatcher<
    { key: string; windowMs: number },
    { hits: number; windowStart: Date; at: Date }
  >({
    // Every call on its own: one key's hits share a batch, each its own count.
    key: () => String(++calls),
    maxSize: 500,
    inFlight: 1,
    run: async (keys) => {
      const at = clock.now();
      const counts = await countHits(db, { keys, at });
      return counts.map((count) => ({ ...count, at }));
    },
  });

  return {
    /** Counts a hit for `key`; throws a 429 when the key is over its rule's limit. */
    async hit(key: string, rule: RateRule): Promise<void> {
      const at = clock.now();
      const { hits, windowStart } = await countHit(db, { key, at, windowMs: rule.windowMs });
      if (hits > rule.limit) throw tooMany(rule, windowStart, at);
    },
    /**
     * Counts a hit for each key, in one statement with other callers' hits of the
     * moment; throws the 429 of the first rule, in the given order, whose limit was
     * passed (every key counted all the same).
     */
    async hitAll(hits: { key: string; rule: RateRule }[]): Promise<void> {
      const counts = await Promise.all(
        hits.map(({ key, rule }) => grouped.submit({ key, windowMs: rule.windowMs })),
      );
      hits.forEach(({ rule }, i) => {
        const count = counts[i];
        if (count && count.hits > rule.limit) throw tooMany(rule, count.windowStart, count.at);
      });
    },
    /**
     * Takes back a hit that turned out not to count (a limit on failures: every try
     * is counted first, so many at once cannot slip past, and a success is returned).
     */
    async refund(key: string): Promise<void> {
      await uncountHit(db, key);
    },
    /** Forgets windows over a day old: no rule counts that far back. */
    async prune() {
      await deleteWindowsBefore(db, new Date(clock.now().getTime() - DAY_MS));
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
