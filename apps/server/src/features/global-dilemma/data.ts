import type { GlobalDilemma, Option } from "@eitheror/shared/global-dilemma/schema";
import { and, eq, sql } from "drizzle-orm";
import { dilemmas, globalDilemmas, globalSelections } from "../../db/schema";
import { firstOrNull, type Tx } from "../../lib/db";

const globalDilemmaColumns = {
  id: globalDilemmas.id,
  dilemma: dilemmas.dilemma,
  optionA: dilemmas.optionA,
  optionB: dilemmas.optionB,
  countA: globalDilemmas.countA,
  countB: globalDilemmas.countB,
};

async function findOne(tx: Tx, where: ReturnType<typeof eq>): Promise<GlobalDilemma | null> {
  return firstOrNull(
    await tx
      .select(globalDilemmaColumns)
      .from(globalDilemmas)
      .innerJoin(dilemmas, eq(dilemmas.id, globalDilemmas.dilemmaId))
      .where(where)
      .limit(1),
  );
}

type SelectionKey = { globalDilemmaId: string; userId: string };

const selectionOf = ({ globalDilemmaId, userId }: SelectionKey) =>
  and(eq(globalSelections.globalDilemmaId, globalDilemmaId), eq(globalSelections.userId, userId));

export function findGlobalDilemmaByDay(tx: Tx, day: string) {
  return findOne(tx, eq(globalDilemmas.day, day));
}

export function findGlobalDilemmaById(tx: Tx, id: string) {
  return findOne(tx, eq(globalDilemmas.id, id));
}

/**
 * Gives `day` its dilemma: the bank's least-used one, at random among equals. The
 * unique day makes concurrent first requests agree on a single pick.
 */
export async function pickGlobalDilemmaForDay(tx: Tx, day: string): Promise<void> {
  await tx.execute(sql`
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

export async function findSelection(tx: Tx, key: SelectionKey): Promise<Option | null> {
  const [row] = await tx
    .select({ option: globalSelections.option })
    .from(globalSelections)
    .where(selectionOf(key));
  return row?.option ?? null;
}

/** Records a first choice; false when the user had already chosen (nothing changes then). */
export async function insertSelection(
  tx: Tx,
  selection: SelectionKey & { option: Option; now: Date },
): Promise<boolean> {
  const { now, ...values } = selection;
  const inserted = await tx
    .insert(globalSelections)
    .values({ ...values, createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning({ option: globalSelections.option });
  return inserted.length > 0;
}

/** The user's choice, locked until the transaction ends, so a change moves one count once. */
export async function lockSelection(tx: Tx, key: SelectionKey): Promise<Option | null> {
  const [row] = await tx
    .select({ option: globalSelections.option })
    .from(globalSelections)
    .where(selectionOf(key))
    .for("update");
  return row?.option ?? null;
}

export async function updateSelection(tx: Tx, key: SelectionKey & { option: Option; now: Date }) {
  await tx
    .update(globalSelections)
    .set({ option: key.option, updatedAt: key.now })
    .where(selectionOf(key));
}

/** Moves the counters by the given deltas, in place: no read, so no count is lost. */
export async function moveCounts(
  tx: Tx,
  { globalDilemmaId, deltaA, deltaB }: { globalDilemmaId: string; deltaA: number; deltaB: number },
) {
  await tx
    .update(globalDilemmas)
    .set({
      countA: sql`${globalDilemmas.countA} + ${deltaA}`,
      countB: sql`${globalDilemmas.countB} + ${deltaB}`,
    })
    .where(eq(globalDilemmas.id, globalDilemmaId));
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
