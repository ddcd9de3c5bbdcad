import { utcDay } from "@eitheror/shared/global-dilemma/rules";
import type { GlobalDilemma, Option } from "@eitheror/shared/global-dilemma/schema";
import { createBatcher } from "../../lib/batcher";
import type { Core } from "../../lib/core";
import { invariant, notFound, notSignedIn } from "../../lib/errors";
import type { SessionToken, Viewer } from "../../lib/identity";
import type { Unit } from "../../lib/transaction";
import {
  type Choice,
  type ChoiceOutcome,
  findGlobalDilemmaByDay,
  findGlobalDilemmaById,
  findSelection,
  pickGlobalDilemmaForDay,
  saveChoices,
  transferSelections,
} from "./data";
import { createTodayCache } from "./today-cache";

const UNKNOWN_DILEMMA = "This dilemma does not exist.";
const NO_DILEMMA_THAT_DAY = "There is no dilemma for that day.";
const unknownDilemma = () => notFound(UNKNOWN_DILEMMA);

/** Choices in one statement at most: a bound on its size, far above a busy moment's. */
const BATCH_MAX = 200;
/**
 * One batch written at a time per instance: the choices that arrive meanwhile make
 * the next one bigger, which costs less per choice than two smaller ones side by
 * side (measured; they would meet at the day's row anyway).
 */
const BATCHES_IN_FLIGHT = 1;

export function createGlobalDilemmaService({ db, clock }: Core) {
  async function existing(id: string): Promise<GlobalDilemma> {
    return invariant(await findGlobalDilemmaById(db, id), unknownDilemma);
  }

  /** Today's (UTC) dilemma, picked by whichever request or job asks first. */
  async function load(day: string): Promise<GlobalDilemma> {
    const found = await findGlobalDilemmaByDay(db, day);
    if (found) return found;
    await pickGlobalDilemmaForDay(db, day);
    return invariant(await findGlobalDilemmaByDay(db, day), () =>
      notFound("There is no dilemma yet: the dilemma bank is empty."),
    );
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
    today: async (): Promise<GlobalDilemma> => today.get(),

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

    /**
     * One UTC day's dilemma and split: today's is today's (picked if need be); a
     * past day without one, and every day still to come, is a 404. `day` is a
     * calendar day already (the contract checks it).
     */
    async day(day: string): Promise<{ globalDilemmaData: GlobalDilemma; isToday: boolean }> {
      const todayDay = utcDay(clock.now());
      if (day > todayDay) throw notFound(NO_DILEMMA_THAT_DAY);
      if (day === todayDay) return { globalDilemmaData: await today.get(), isToday: true };
      const found = invariant(await findGlobalDilemmaByDay(db, day), () =>
        notFound(NO_DILEMMA_THAT_DAY),
      );
      return { globalDilemmaData: found, isToday: false };
    },

    /** A guest signed in: their choices now belong to the account (in the caller's unit). */
    async carryOverGuest(unit: Unit, guestId: string, accountId: string): Promise<void> {
      await transferSelections(unit.tx, guestId, accountId);
    },
    async selectionOf(viewer: Viewer, id: string) {
      const dilemma = await existing(id);
      const option = await findSelection(db, { globalDilemmaId: id, userId: viewer.user.id });
      return {
        globalDilemmaSelection: option ? { optionSelected: option } : null,
        globalDilemmaData: dilemma,
      };
    },
  };
}

export type GlobalDilemmaService = ReturnType<typeof createGlobalDilemmaService>;
