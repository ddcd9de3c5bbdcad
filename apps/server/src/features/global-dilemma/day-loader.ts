import { dayBefore } from "@eitheror/shared/global-dilemma/rules";
import type { GlobalDilemma } from "@eitheror/shared/global-dilemma/schema";
import type { Core } from "../../lib/core";
import { invariant, notFound } from "../../lib/http/errors";
import { findGlobalDilemmaByDay, pickGlobalDilemmaForDay } from "./data";
import { daysToRollUp, findRollup, rollUpDay } from "./rollup-data";
import type { TodayView } from "./today-cache";

/**
 * Loads a day's shared view for today's copy: today's dilemma (picked by whichever
 * request or job asks first) and yesterday's final result. The first load of a
 * day in an instance rolls up every finished day first (decision 0026).
 */
export function createDayLoader({
  db,
  clock,
  transaction,
}: Pick<Core, "db" | "clock" | "transaction">) {
  /**
   * Every finished day not rolled up yet, oldest first, each in a transaction of
   * its own. Looked for once per instance and day: the first load of a day waits
   * for it, so every read of that day finds yesterday rolled up.
   */
  let rolledUpBefore = "";
  async function rollUpBefore(day: string): Promise<void> {
    if (rolledUpBefore === day) return;
    for (const finished of await daysToRollUp(db, day)) {
      await transaction((unit) => rollUpDay(unit.tx, finished, clock.now()));
    }
    rolledUpBefore = day;
  }

  // Yesterday's result never changes once rolled up: read once per instance and day.
  let yesterday: { day: string; value: GlobalDilemma | null } | null = null;
  async function yesterdayOf(day: string): Promise<GlobalDilemma | null> {
    if (yesterday?.day === day) return yesterday.value;
    const value = await findRollup(db, dayBefore(day));
    yesterday = { day, value };
    return value;
  }

  async function todaysDilemma(day: string): Promise<GlobalDilemma> {
    const found = await findGlobalDilemmaByDay(db, day);
    if (found) return found;
    await pickGlobalDilemmaForDay(db, day);
    return invariant(await findGlobalDilemmaByDay(db, day), () =>
      notFound("There is no dilemma yet: the dilemma bank is empty."),
    );
  }

  return async function load(day: string): Promise<TodayView> {
    await rollUpBefore(day);
    const [dilemma, before] = await Promise.all([todaysDilemma(day), yesterdayOf(day)]);
    return { today: dilemma, yesterday: before };
  };
}
