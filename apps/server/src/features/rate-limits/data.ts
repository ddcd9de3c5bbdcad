import { and, eq, gt, lt, sql } from "drizzle-orm";
import { type Db, namedStatement, type Tx } from "../../db/client";
import { rateLimits } from "../../db/schema";

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

const countHitsStatement = namedStatement<
  { ord: number; hits: number; window_start: string | Date },
  { ords: number[]; keys: string[]; amounts: number[]; restartBefore: string[]; at: string }
>(
  "count-hits",
  sql`
    WITH input AS (
      SELECT * FROM unnest(
        ${sql.placeholder("ords")}::int[],
        ${sql.placeholder("keys")}::text[],
        ${sql.placeholder("amounts")}::int[],
        ${sql.placeholder("restartBefore")}::timestamptz[]
      ) AS i (ord, key, amount, restart_before)
    ),
    per_key AS (
      SELECT key, sum(amount)::int AS n, min(restart_before) AS restart_before
      FROM input GROUP BY key
    ),
    counted AS (
      INSERT INTO ${rateLimits} AS l (key, window_start, hits)
      SELECT key, ${sql.placeholder("at")}::timestamptz, n FROM per_key ORDER BY key
      ON CONFLICT (key) DO UPDATE SET
        hits = CASE WHEN l.window_start <= (SELECT restart_before FROM per_key p WHERE p.key = l.key)
                    THEN excluded.hits ELSE l.hits + excluded.hits END,
        window_start = CASE WHEN l.window_start <= (SELECT restart_before FROM per_key p WHERE p.key = l.key)
                    THEN excluded.window_start ELSE l.window_start END
      RETURNING l.key, l.hits, l.window_start
    )
    SELECT i.ord,
      (c.hits - p.n + sum(i.amount) OVER (PARTITION BY i.key ORDER BY i.ord))::int AS hits,
      c.window_start
    FROM input i JOIN per_key p ON p.key = i.key JOIN counted c ON c.key = i.key
    ORDER BY i.ord
  `,
);

/**
 * Counts `amount` hits for each entry in one statement; a key
 * may come several times (several callers), counted in their order: each entry's
 * count is the key's count once its hits and those before it were added. Answers,
 * in order, each entry's count and its key's window start.
 */
export async function countHits(
  db: Db,
  { keys, at }: { keys: { key: string; windowMs: number; amount: number }[]; at: Date },
): Promise<{ hits: number; windowStart: Date }[]> {
  const rows = await countHitsStatement(db, {
    ords: keys.map((_, ord) => ord),
    keys: keys.map(({ key }) => key),
    amounts: keys.map(({ amount }) => amount),
    restartBefore: keys.map(({ windowMs }) => new Date(at.getTime() - windowMs).toISOString()),
    at: at.toISOString(),
  });
  return rows.map((row) => ({ hits: row.hits, windowStart: new Date(row.window_start) }));
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

/** Deletes the counters whose key names a deleted account: its address, its id (decision 0078). */
export async function deleteKeysMentioning(tx: Tx, needles: string[]) {
  if (needles.length === 0) return;
  const mentions = needles.map((needle) => sql`strpos(${rateLimits.key}, ${needle}) > 0`);
  await tx.delete(rateLimits).where(sql.join(mentions, sql` OR `));
}
