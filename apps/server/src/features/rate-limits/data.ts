import { and, eq, gt, lt, sql } from "drizzle-orm";
import { rateLimits } from "../../db/schema";
import type { Tx } from "../../lib/db";

/**
 * Counts one hit for `key` in one upsert: a hit after the window restarts the
 * count. Answers the count and when the current window started.
 */
export async function countHit(
  tx: Tx,
  { key, at, windowMs }: { key: string; at: Date; windowMs: number },
): Promise<{ hits: number; windowStart: Date }> {
  const windowStartsAfter = new Date(at.getTime() - windowMs).toISOString();
  const result = (await tx.execute(sql`
    INSERT INTO ${rateLimits} (key, window_start, hits)
    VALUES (${key}, ${at.toISOString()}, 1)
    ON CONFLICT (key) DO UPDATE SET
      hits = CASE WHEN ${rateLimits.windowStart} <= ${windowStartsAfter}
                  THEN 1 ELSE ${rateLimits.hits} + 1 END,
      window_start = CASE WHEN ${rateLimits.windowStart} <= ${windowStartsAfter}
                  THEN excluded.window_start ELSE ${rateLimits.windowStart} END
    RETURNING hits, window_start
  `)) as unknown as { rows: { hits: number; window_start: string | Date }[] };
  const [row] = result.rows;
  if (!row) throw new Error("the rate-limit upsert returned no row");
  return { hits: row.hits, windowStart: new Date(row.window_start) };
}

/** Takes one hit back from `key`, never below zero. */
export async function uncountHit(tx: Tx, key: string) {
  await tx
    .update(rateLimits)
    .set({ hits: sql`${rateLimits.hits} - 1` })
    .where(and(eq(rateLimits.key, key), gt(rateLimits.hits, 0)));
}

/** Drops counters whose window started before `before`: they would restart at the next hit. */
export async function deleteWindowsBefore(tx: Tx, before: Date) {
  await tx.delete(rateLimits).where(lt(rateLimits.windowStart, before));
}
