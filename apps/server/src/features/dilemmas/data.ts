import { and, countDistinct, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { dilemmas, globalDilemmas } from "../../db/schema";

export type DilemmaRow = typeof dilemmas.$inferSelect;
type NewDilemma = Pick<DilemmaRow, "dilemma" | "optionA" | "optionB" | "dedupeKey" | "source">;

/**
 * Rows per statement: PostgreSQL binds at most 65,535 parameters in one, and a
 * row of the bank takes five.
 */
const ROWS_PER_STATEMENT = 1000;

function inChunks<T>(items: T[]): T[][] {
  const chunks: T[][] = [];
  for (let at = 0; at < items.length; at += ROWS_PER_STATEMENT) {
    chunks.push(items.slice(at, at + ROWS_PER_STATEMENT));
  }
  return chunks;
}

/**
 * Adds dilemmas the bank does not have yet (by their key); answers the rows
 * added. Any number of rows, a statement per thousand: pass a transaction to
 * have them land together.
 */
export async function insertDilemmas(tx: Tx, rows: NewDilemma[]): Promise<DilemmaRow[]> {
  const added: DilemmaRow[] = [];
  for (const chunk of inChunks(rows)) {
    added.push(
      ...(await tx
        .insert(dilemmas)
        .values(chunk)
        .onConflictDoNothing({ target: dilemmas.dedupeKey })
        .returning()),
    );
  }
  return added;
}

/** Which of these keys the bank already has. */
export async function knownKeys(tx: Tx, keys: string[]): Promise<Set<string>> {
  const known = new Set<string>();
  for (const chunk of inChunks(keys)) {
    const rows = await tx
      .select({ key: dilemmas.dedupeKey })
      .from(dilemmas)
      .where(inArray(dilemmas.dedupeKey, chunk));
    for (const row of rows) known.add(row.key);
  }
  return known;
}

/** A few questions of the bank, at random: examples of the tone a generator should keep. */
export async function sampleQuestions(tx: Tx, limit: number): Promise<string[]> {
  const rows = await tx
    .select({ dilemma: dilemmas.dilemma })
    .from(dilemmas)
    .where(isNull(dilemmas.groupId))
    .orderBy(sql`random()`)
    .limit(limit);
  return rows.map((row) => row.dilemma);
}

export async function bankFigures(tx: Tx) {
  const [bank] = await tx
    .select({
      total: sql<number>`count(*) filter (where ${dilemmas.hiddenAt} is null)::int`,
      generated: sql<number>`count(*) filter (where ${dilemmas.source} = 'generated')::int`,
      addedByHand: sql<number>`count(*) filter (where ${dilemmas.source} = 'admin')::int`,
    })
    .from(dilemmas)
    .where(isNull(dilemmas.groupId));
  const [daily] = await tx
    .select({ used: countDistinct(globalDilemmas.dilemmaId) })
    .from(globalDilemmas)
    .innerJoin(dilemmas, and(eq(dilemmas.id, globalDilemmas.dilemmaId), isNull(dilemmas.hiddenAt)));
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
