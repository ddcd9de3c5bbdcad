import { count, countDistinct, eq, inArray, sql } from "drizzle-orm";
import { dilemmas, globalDilemmas } from "../../db/schema";
import type { Tx } from "../../lib/db";

export type DilemmaRow = typeof dilemmas.$inferSelect;
type NewDilemma = Pick<DilemmaRow, "dilemma" | "optionA" | "optionB" | "dedupeKey" | "source">;

/** Adds dilemmas the bank does not have yet (by their key); answers the rows added. */
export function insertDilemmas(tx: Tx, rows: NewDilemma[]): Promise<DilemmaRow[]> {
  if (rows.length === 0) return Promise.resolve([]);
  return tx
    .insert(dilemmas)
    .values(rows)
    .onConflictDoNothing({ target: dilemmas.dedupeKey })
    .returning();
}

/** Which of these keys the bank already has. */
export async function knownKeys(tx: Tx, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await tx
    .select({ key: dilemmas.dedupeKey })
    .from(dilemmas)
    .where(inArray(dilemmas.dedupeKey, keys));
  return new Set(rows.map((row) => row.key));
}

/** A few questions of the bank, at random: examples of the tone a generator should keep. */
export async function sampleQuestions(tx: Tx, limit: number): Promise<string[]> {
  const rows = await tx
    .select({ dilemma: dilemmas.dilemma })
    .from(dilemmas)
    .orderBy(sql`random()`)
    .limit(limit);
  return rows.map((row) => row.dilemma);
}

export async function bankFigures(tx: Tx) {
  const [bank] = await tx
    .select({
      total: count(),
      generated: sql<number>`count(*) filter (where ${dilemmas.source} = 'generated')::int`,
      addedByHand: sql<number>`count(*) filter (where ${dilemmas.source} = 'admin')::int`,
    })
    .from(dilemmas);
  const [daily] = await tx
    .select({ used: countDistinct(globalDilemmas.dilemmaId) })
    .from(globalDilemmas)
    .innerJoin(dilemmas, eq(dilemmas.id, globalDilemmas.dilemmaId));
  const total = bank?.total ?? 0;
  const usedByDaily = daily?.used ?? 0;
  return {
    total,
    generated: bank?.generated ?? 0,
    addedByHand: bank?.addedByHand ?? 0,
    usedByDaily,
    leftForDaily: total - usedByDaily,
  };
}
