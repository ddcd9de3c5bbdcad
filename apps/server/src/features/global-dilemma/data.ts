import type { GlobalDilemma, Option } from "@eitheror/shared/global-dilemma/schema";
import { and, eq, sql } from "drizzle-orm";
import { dilemmas, globalDilemmas, globalSelections } from "../../db/schema";
import type { Db, Tx } from "../../lib/db";

const globalDilemmaColumns = {
  id: globalDilemmas.id,
  dilemma: dilemmas.dilemma,
  optionA: dilemmas.optionA,
  optionB: dilemmas.optionB,
  countA: globalDilemmas.countA,
  countB: globalDilemmas.countB,
};

async function findOne(tx: Tx, where: ReturnType<typeof eq>): Promise<GlobalDilemma | null> {
  const [row] = await tx
    .select(globalDilemmaColumns)
    .from(globalDilemmas)
    .innerJoin(dilemmas, eq(dilemmas.id, globalDilemmas.dilemmaId))
    .where(where)
    .limit(1);
  return row ?? null;
}

export function findGlobalDilemmaByDay(db: Db, day: string) {
  return findOne(db, eq(globalDilemmas.day, day));
}

export function findGlobalDilemmaById(db: Db, id: string) {
  return findOne(db, eq(globalDilemmas.id, id));
}

/**
 * Gives `day` its dilemma: the bank's least-used one, at random among equals. The
 * unique day makes concurrent first requests agree on a single pick.
 */
export async function pickGlobalDilemmaForDay(db: Db, day: string): Promise<void> {
  await db.execute(sql`
    INSERT INTO ${globalDilemmas} (day, dilemma_id)
    SELECT ${day}, d.id
    FROM ${dilemmas} d
    LEFT JOIN (
      SELECT dilemma_id, count(*) AS uses FROM ${globalDilemmas} GROUP BY dilemma_id
    ) used ON used.dilemma_id = d.id
    ORDER BY coalesce(used.uses, 0), random()
    LIMIT 1
    ON CONFLICT (day) DO NOTHING
  `);
}

export async function findSelection(
  db: Db,
  globalDilemmaId: string,
  userId: string,
): Promise<Option | null> {
  const [row] = await db
    .select({ option: globalSelections.option })
    .from(globalSelections)
    .where(
      and(
        eq(globalSelections.globalDilemmaId, globalDilemmaId),
        eq(globalSelections.userId, userId),
      ),
    );
  return row?.option ?? null;
}

/**
 * Records `userId`'s choice and moves the counters with it, in one transaction:
 * a first choice adds one count, a changed choice moves one count across, and the
 * same choice again changes nothing. Row locks keep this exact under concurrency.
 */
export async function saveSelection(
  db: Db,
  selection: { globalDilemmaId: string; userId: string; option: Option; now: Date },
): Promise<GlobalDilemma | null> {
  const { globalDilemmaId, userId, option, now } = selection;
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(globalSelections)
      .values({ globalDilemmaId, userId, option, createdAt: now, updatedAt: now })
      .onConflictDoNothing()
      .returning({ option: globalSelections.option });

    let previous: Option | null = null;
    if (inserted.length === 0) {
      const mine = and(
        eq(globalSelections.globalDilemmaId, globalDilemmaId),
        eq(globalSelections.userId, userId),
      );
      const [existing] = await tx
        .select({ option: globalSelections.option })
        .from(globalSelections)
        .where(mine)
        .for("update");
      previous = existing?.option ?? null;
      if (previous === option) return findOne(tx, eq(globalDilemmas.id, globalDilemmaId));
      await tx.update(globalSelections).set({ option, updatedAt: now }).where(mine);
    }

    const delta = (side: Option) => (side === option ? 1 : 0) - (side === previous ? 1 : 0);
    await tx
      .update(globalDilemmas)
      .set({
        countA: sql`${globalDilemmas.countA} + ${delta("A")}`,
        countB: sql`${globalDilemmas.countB} + ${delta("B")}`,
      })
      .where(eq(globalDilemmas.id, globalDilemmaId));
    return findOne(tx, eq(globalDilemmas.id, globalDilemmaId));
  });
}

/**
 * Hands a guest's choices to the account they signed in to. Where the account
 * already chose, its choice stands and the guest's is taken off the counts; the
 * guest's other choices simply change owner, so the counts stay as they are.
 */
export async function transferSelections(tx: Tx, guestId: string, accountId: string) {
  await tx.execute(sql`
    UPDATE ${globalSelections} AS guest
    SET user_id = ${accountId}
    WHERE guest.user_id = ${guestId}
      AND NOT EXISTS (
        SELECT 1 FROM ${globalSelections} AS mine
        WHERE mine.user_id = ${accountId} AND mine.global_dilemma_id = guest.global_dilemma_id
      )
  `);
  await tx.execute(sql`
    UPDATE ${globalDilemmas} AS g
    SET count_a = g.count_a - (CASE WHEN s.option = 'A' THEN 1 ELSE 0 END),
        count_b = g.count_b - (CASE WHEN s.option = 'B' THEN 1 ELSE 0 END)
    FROM ${globalSelections} AS s
    WHERE s.user_id = ${guestId} AND s.global_dilemma_id = g.id
  `);
  await tx.delete(globalSelections).where(eq(globalSelections.userId, guestId));
}
