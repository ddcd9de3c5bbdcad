import { lt, sql } from "drizzle-orm";
import { rateLimits } from "../db/schema";
import type { Db } from "./db";
import { AppError } from "./errors";

export interface RateRule {
  /** How many hits a key may make per window. */
  limit: number;
  windowMs: number;
  /** The 429's message: what was limited, in words a person understands. */
  message: string;
}

/**
 * Fixed-window counters in PostgreSQL, so every instance shares them (DESIGN §2).
 * One upsert counts the hit and starts a new window when the old one is over.
 */
export function createRateLimiter(db: Db, now: () => Date) {
  return {
    /** Counts a hit for `key`; throws a 429 when the key is over its rule's limit. */
    async hit(key: string, rule: RateRule): Promise<void> {
      const at = now();
      const windowStartsAfter = new Date(at.getTime() - rule.windowMs);
      const result = (await db.execute(sql`
        INSERT INTO ${rateLimits} (key, window_start, hits)
        VALUES (${key}, ${at.toISOString()}, 1)
        ON CONFLICT (key) DO UPDATE SET
          hits = CASE WHEN ${rateLimits.windowStart} <= ${windowStartsAfter.toISOString()}
                      THEN 1 ELSE ${rateLimits.hits} + 1 END,
          window_start = CASE WHEN ${rateLimits.windowStart} <= ${windowStartsAfter.toISOString()}
                      THEN excluded.window_start ELSE ${rateLimits.windowStart} END
        RETURNING hits, window_start
      `)) as unknown as { rows: { hits: number; window_start: string | Date }[] };
      const [row] = result.rows;
      if (row && row.hits > rule.limit) {
        const retryAfterMs = new Date(row.window_start).getTime() + rule.windowMs - at.getTime();
        throw new AppError(429, rule.message, undefined, {
          retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)),
        });
      }
    },
  };
}

/** Drops counters whose window started before `before`: they would restart at the next hit. */
export async function pruneRateLimits(db: Db, before: Date) {
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, before));
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
