import { asc, eq } from "drizzle-orm";
import { firstOrNull, type Tx } from "../../db/client";
import { dilemmas, globalDilemmas, globalSelections, userStreaks } from "../../db/schema";

/** Every daily choice of `userId`, by day: their export's part. */
export function choicesOf(tx: Tx, userId: string) {
  return tx
    .select({
      day: globalDilemmas.day,
      dilemma: dilemmas.dilemma,
      option: globalSelections.option,
      chosenAt: globalSelections.updatedAt,
    })
    .from(globalSelections)
    .innerJoin(globalDilemmas, eq(globalDilemmas.id, globalSelections.globalDilemmaId))
    .innerJoin(dilemmas, eq(dilemmas.id, globalDilemmas.dilemmaId))
    .where(eq(globalSelections.userId, userId))
    .orderBy(asc(globalDilemmas.day));
}

export async function streakOf(tx: Tx, userId: string) {
  return firstOrNull(
    await tx
      .select({ days: userStreaks.days, lastDay: userStreaks.lastDay })
      .from(userStreaks)
      .where(eq(userStreaks.userId, userId)),
  );
}
