import { createBatcher } from "../../db/batcher";
import type { Unit } from "../../db/transaction";
import type { Core } from "../../lib/core";
import { AppError } from "../../lib/http/errors";
import { countHit, countHits, deleteKeysMentioning, deleteWindowsBefore, uncountHit } from "./data";
import { createLeases } from "./leases";

export interface RateRule {
  /** How many hits a key may make per window. */
  limit: number;
  windowMs: number;
  /** The 429's message: what was limited, in words a person understands. */
  message: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * `hitAll` counts a key's hits ahead, a fiftieth of its limit at a time (decision
 * 0034): another instance may refuse that key at most that many hits early.
 */
const LEASE_SHARE = 50;

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
function groupedHits({ db, clock, batchSizes }: Pick<Core, "db" | "clock" | "batchSizes">) {
  let calls = 0;
  return createBatcher<
    { key: string; windowMs: number; amount: number },
    { hits: number; windowStart: Date; at: Date }
  >({
    // Every call on its own: one key's hits share a batch, each its own count.
    key: () => String(++calls),
    sized: (size) => batchSizes?.("rate-limit-hits", size),
    maxSize: 500,
    inFlight: 1,
    run: async (keys) => {
      const at = clock.now();
      const counts = await countHits(db, { keys, at });
      return counts.map((count) => ({ ...count, at }));
    },
  });
}

/**
 * Fixed-window counters in PostgreSQL, so every instance shares them (no process
 * memory: docs/architecture.md, scale-out). An instance only keeps the hits it
 * counted there ahead, for votes (decision 0034).
 */
export function createRateLimiter({ db, clock, batchSizes }: Core) {
  const grouped = groupedHits({ db, clock, batchSizes });

  /** Hits counted ahead, handed out here (decision 0034); a key's reservation under way. */
  const leases = createLeases();
  const reserving = new Map<string, Promise<unknown>>();

  /**
   * Counts `rule.limit / LEASE_SHARE` hits of `key` at once (one at least) and
   * keeps those the limit allowed beyond this one. Answers whether this hit is
   * allowed, and the window's start.
   */
  async function reserve(key: string, rule: RateRule) {
    const amount = Math.max(1, Math.floor(rule.limit / LEASE_SHARE));
    const count = await grouped.submit({ key, windowMs: rule.windowMs, amount });
    const before = count.hits - amount;
    const allowed = Math.min(amount, Math.max(0, rule.limit - before));
    leases.keep(
      key,
      { windowStart: count.windowStart, windowMs: rule.windowMs },
      Math.max(0, allowed - 1),
    );
    return { allowed: allowed > 0, windowStart: count.windowStart, at: count.at };
  }

  /** One hit of `key`: a hit counted ahead if one is left, else a new reservation. */
  async function take(key: string, rule: RateRule) {
    for (;;) {
      const at = clock.now();
      const windowStart = leases.take(key, at);
      if (windowStart) return { allowed: true, windowStart, at };
      const pending = reserving.get(key);
      if (!pending) break;
      await pending.catch(() => {});
    }
    const reservation = reserve(key, rule);
    reserving.set(key, reservation);
    try {
      return await reservation;
    } finally {
      reserving.delete(key);
    }
  }

  return {
    /** Forgets the counters that name a deleted account (decision 0078). */
    forget: (unit: Unit, needles: string[]) => deleteKeysMentioning(unit.tx, needles),
    /** Resolves once every hit received so far is counted (shutdown). */
    settle: () => grouped.settle(),
    /** Counts a hit for `key`; throws a 429 when the key is over its rule's limit. */
    async hit(key: string, rule: RateRule): Promise<void> {
      const at = clock.now();
      const { hits, windowStart } = await countHit(db, { key, at, windowMs: rule.windowMs });
      if (hits > rule.limit) throw tooMany(rule, windowStart, at);
    },
    /**
     * Counts a hit for each key, with other callers' hits of the moment, from hits
     * this instance counted ahead when it has some (decision 0034); throws the 429
     * of the first rule, in the given order, whose limit was passed (every key
     * counted all the same).
     */
    async hitAll(hits: { key: string; rule: RateRule }[]): Promise<void> {
      const counts = await Promise.all(hits.map(({ key, rule }) => take(key, rule)));
      hits.forEach(({ rule }, i) => {
        const count = counts[i];
        if (count && !count.allowed) throw tooMany(rule, count.windowStart, count.at);
      });
    },
    /**
     * Takes back a hit that turned out not to count (a limit on failures: every try
     * is counted first, so many at once cannot slip past, and a success is returned).
     */
    async refund(key: string): Promise<void> {
      if (leases.giveBack(key, clock.now())) return;
      await uncountHit(db, key);
    },
    /** Forgets windows over a day old: no rule counts that far back. */
    async prune() {
      await deleteWindowsBefore(db, new Date(clock.now().getTime() - DAY_MS));
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
