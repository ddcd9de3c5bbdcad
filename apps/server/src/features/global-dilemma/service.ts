import { dayBefore, visibleStreak } from "@eitheror/shared/global-dilemma/rules";
import type { GlobalDilemma, Option, Streak } from "@eitheror/shared/global-dilemma/schema";
import { createBatcher } from "../../lib/batcher";
import type { Core } from "../../lib/core";
import { invariant, notFound, notSignedIn } from "../../lib/errors";
import type { SessionToken } from "../../lib/identity";
import type { Unit } from "../../lib/transaction";
import {
  type Choice,
  type ChoiceOutcome,
  findGlobalDilemmaByDay,
  pickGlobalDilemmaForDay,
  saveChoices,
  transferSelections,
} from "./data";
import { daysToRollUp, findRollup, findViewerDay, recomputeStreak, rollUpDay } from "./rollup-data";
import { createTodayCache, type TodayView } from "./today-cache";

const UNKNOWN_DILEMMA = "This dilemma does not exist.";
const unknownDilemma = () => notFound(UNKNOWN_DILEMMA);

/** Choices in one statement at most: a bound on its size, far above a busy moment's. */
const BATCH_MAX = 200;
/**
 * One batch written at a time per instance: the choices that arrive meanwhile make
 * the next one bigger, which costs less per choice than two smaller ones side by
 * side (measured; they would meet at the day's row anyway).
 */
const BATCHES_IN_FLIGHT = 1;

export function createGlobalDilemmaService({ db, clock, transaction }: Core) {
  /**
   * Every finished day not rolled up yet, oldest first, each in a transaction of
   * its own (decision 0026). Looked for once per instance and day: the first load
   * of a day waits for it, so every read of that day finds yesterday rolled up.
   */
  let rolledUpBefore = "";
  async function rollUpBefore(day: string): Promise<void> {
    if (rolledUpBefore === day) return;
    for (const finished of await daysToRollUp(db, day)) {
      await transaction((unit) => rollUpDay(unit.tx, finished, clock.now()));
    }
    rolledUpBefore = day;
  }

  async function todaysDilemma(day: string): Promise<GlobalDilemma> {
    const found = await findGlobalDilemmaByDay(db, day);
    if (found) return found;
    await pickGlobalDilemmaForDay(db, day);
    return invariant(await findGlobalDilemmaByDay(db, day), () =>
      notFound("There is no dilemma yet: the dilemma bank is empty."),
    );
  }

  /** Today's (UTC) dilemma, picked by whichever request or job asks first, and yesterday's result. */
  async function load(day: string): Promise<TodayView> {
    await rollUpBefore(day);
    const [dilemma, yesterday] = await Promise.all([
      todaysDilemma(day),
      findRollup(db, dayBefore(day)),
    ]);
    return { today: dilemma, yesterday };
  }
  const today = createTodayCache(clock, load);

  /**
   * Concurrent choices go to the database together (decision 0023); one visitor's
   * (one session's) choices one after another, in order.
   */
  const choices = createBatcher<Choice, ChoiceOutcome>({
    key: (choice) => choice.token,
    maxSize: BATCH_MAX,
    inFlight: BATCHES_IN_FLIGHT,
    run: async (batch) => {
      const now = clock.now();
      // Sessions expire by the real time, as better-auth reads them.
      const outcomes = await saveChoices(db, batch, { now, sessionsAt: new Date() });
      const dilemmas = new Map<string, GlobalDilemma>();
      for (const outcome of outcomes) {
        if (outcome.status === "saved") dilemmas.set(outcome.dilemma.id, outcome.dilemma);
      }
      for (const counted of dilemmas.values()) today.offer(counted, now.getTime());
      return outcomes;
    },
  });

  return {
    /**
     * Today's dilemma and counts: the copy every visitor shares, at most a second
     * old (decision 0021). The same object until it changes.
     */
    today: async (): Promise<GlobalDilemma> => (await today.get()).today,

    /** Today's copy with yesterday's final result: one frozen object until either changes. */
    todayView: async (): Promise<TodayView> => today.get(),

    /**
     * Records the choice of the session `token` and moves the counters with it: a
     * first choice adds one count, a changed choice moves one count across, and the
     * same choice again changes nothing. Answers once it is committed, with the
     * counts as its commit left them.
     */
    async select(token: SessionToken, id: string, option: Option) {
      const outcome = await choices.submit({ token, globalDilemmaId: id, option });
      if (outcome.status === "no-session") throw notSignedIn();
      if (outcome.status === "no-dilemma") throw unknownDilemma();
      return {
        globalDilemmaData: outcome.dilemma,
        globalDilemmaSelectionData: { optionSelected: option },
      };
    },

    /** A guest signed in: their choices now belong to the account (in the caller's unit). */
    async carryOverGuest(unit: Unit, guestId: string, accountId: string): Promise<void> {
      await transferSelections(unit.tx, guestId, accountId);
      // Their streak comes along: the account's, worked out again from both.
      await recomputeStreak(unit.tx, accountId);
    },

    /**
     * The choice of the session `token` on `id`, its counts, and the viewer's
     * streak (decision 0026), in one statement that checks the session too. Today's
     * copy first: its first load of a day rolls yesterday up.
     */
    async selectionOf(token: SessionToken, id: string) {
      const { today: current } = await today.get();
      // Sessions expire by the real time, as better-auth reads them.
      const input = { id, todayId: current.id, token, sessionsAt: new Date() };
      const found = await findViewerDay(db, input);
      if (found.status === "no-session") throw notSignedIn();
      if (found.status === "no-dilemma") throw unknownDilemma();
      const days = visibleStreak(found.streak, current.day, found.chosenToday);
      const streak: Streak = { days, chosenToday: found.chosenToday };
      return {
        globalDilemmaSelection: found.option ? { optionSelected: found.option } : null,
        globalDilemmaData: found.dilemma,
        streak,
      };
    },
  };
}

export type GlobalDilemmaService = ReturnType<typeof createGlobalDilemmaService>;
