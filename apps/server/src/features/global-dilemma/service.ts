import { utcDay, visibleStreak } from "@eitheror/shared/global-dilemma/rules";
import type { GlobalDilemma, Option, Streak } from "@eitheror/shared/global-dilemma/schema";
import { createBatcher } from "../../db/batcher";
import type { Db } from "../../db/client";
import type { Unit } from "../../db/transaction";
import type { Caller } from "../../lib/auth/provider";
import type { SessionProofs } from "../../lib/auth/session-proofs";
import type { Core } from "../../lib/core";
import { invariant, notFound, notSignedIn } from "../../lib/http/errors";
import {
  type Choice,
  type ChoiceOutcome,
  checkSessionsAndSaveChoices,
  findGlobalDilemmaByDay,
  type ProvenChoices,
  saveChoicesOfProvenSessions,
  transferSelections,
} from "./data";
import { createDayLoader } from "./day-loader";
import { choicesOf, streakOf } from "./export-data";
import {
  findRollup,
  findTodayViewers,
  findViewerDays,
  recomputeStreak,
  type TodayViewer,
  type ViewerDay,
  type ViewerRead,
} from "./rollup-data";
import { createTodayCache, type TodayCache, type TodayView } from "./today-cache";

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

/** Viewers' reads under way at once: each is one statement, no row locked. */
const READS_IN_FLIGHT = 4;

type ViewerAnswer =
  | { status: "found"; dilemma: GlobalDilemma; option: Option | null; streak: Streak }
  | { status: "no-session" }
  | { status: "no-dilemma" };

/** What a viewer sees of their read on `today`: the streak as it stands (decision 0026). */
function answerOf(found: ViewerDay, today: string): ViewerAnswer {
  if (found.status !== "found") return found;
  const { dilemma, option, chosenToday } = found;
  const days = visibleStreak(found.streak, today, chosenToday);
  return { status: "found", dilemma, option, streak: { days, chosenToday } };
}

/** A viewer's read of today's dilemma, with `today` (the shared copy) as its dilemma. */
function todayAnswerOf(viewer: TodayViewer, today: GlobalDilemma): ViewerAnswer {
  if (viewer.status !== "found") return viewer;
  const { option, streak } = viewer;
  return answerOf(
    { status: "found", dilemma: today, option, chosenToday: option !== null, streak },
    today.day,
  );
}

/**
 * A batch that may skip reading its sessions (decision 0031): every session proven
 * alive a moment ago, one dilemma, one choice per user. Else null.
 */
function provenChoicesOf(batch: Choice[], proofs: SessionProofs): ProvenChoices | null {
  const globalDilemmaId = batch[0]?.globalDilemmaId;
  if (globalDilemmaId === undefined) return null;
  const userIds: string[] = [];
  for (const choice of batch) {
    const userId = proofs.userOf(choice.token);
    if (userId === null || choice.globalDilemmaId !== globalDilemmaId) return null;
    userIds.push(userId);
  }
  // Two sessions of one person: the full statement keeps the later choice.
  if (new Set(userIds).size < userIds.length) return null;
  return { globalDilemmaId, userIds, options: batch.map((choice) => choice.option) };
}

/**
 * Writes a batch of choices: without reading their sessions when each was proven
 * alive a moment ago (decision 0031), else reading each in the statement, which
 * proves the live ones for the next choices.
 */
function createChoiceWriter(db: Db, proofs: SessionProofs) {
  async function saveCheckedChoices(batch: Choice[], now: Date): Promise<ChoiceOutcome[]> {
    // Sessions expire by the real time, as better-auth reads them.
    const outcomes = await checkSessionsAndSaveChoices(db, batch, { now, sessionsAt: new Date() });
    for (const [i, outcome] of outcomes.entries()) {
      const { token } = batch[i] as Choice;
      if (outcome.status !== "no-session") proofs.prove(token, outcome.userId, now.getTime());
    }
    return outcomes;
  }

  return async function write(batch: Choice[], now: Date): Promise<ChoiceOutcome[]> {
    const proven = provenChoicesOf(batch, proofs);
    if (!proven) return saveCheckedChoices(batch, now);
    let dilemma: GlobalDilemma | null;
    try {
      dilemma = await saveChoicesOfProvenSessions(db, proven, { now });
    } catch {
      // A user deleted meanwhile, say: their sessions are read after all.
      for (const choice of batch) proofs.doubt(choice.token);
      return saveCheckedChoices(batch, now);
    }
    return proven.userIds.map((userId) =>
      dilemma ? { status: "saved", dilemma, userId } : { status: "no-dilemma", userId },
    );
  };
}

/**
 * Viewers' own reads, together (as choices are): each after today's copy, whose
 * first load of a day rolls yesterday up, so the streak counts it.
 */
function createViewerReads({ db, batchSizes }: Core, today: TodayCache) {
  let readCount = 0;
  return createBatcher<ViewerRead, ViewerAnswer>({
    key: () => String(++readCount),
    sized: (size) => batchSizes?.("viewer-reads", size),
    maxSize: BATCH_MAX,
    inFlight: READS_IN_FLIGHT,
    run: async (batch) => {
      const { today: current } = await today.get();
      // Sessions expire by the real time, as better-auth reads them.
      const input = { todayId: current.id, sessionsAt: new Date() };
      if (batch.every((read) => read.id === current.id)) {
        // Today's text and counts from the shared copy (decision 0033).
        const viewers = await findTodayViewers(
          db,
          batch.map((read) => read.token),
          input,
        );
        return viewers.map((viewer) => todayAnswerOf(viewer, current));
      }
      const found = await findViewerDays(db, batch, input);
      return found.map((day) => answerOf(day, current.day));
    },
  });
}

/**
 * Concurrent choices go to the database together (decision 0023); one visitor's
 * (one session's) choices one after another, in order. Today's copy takes the
 * counts they leave.
 */
function createChoices(core: Core, proofs: SessionProofs, today: TodayCache) {
  const { db, clock } = core;
  const writeChoices = createChoiceWriter(db, proofs);
  return createBatcher<Choice, ChoiceOutcome>({
    key: (choice) => choice.token,
    sized: (size) => core.batchSizes?.("choices", size),
    maxSize: BATCH_MAX,
    inFlight: BATCHES_IN_FLIGHT,
    run: async (batch) => {
      const now = clock.now();
      const outcomes = await writeChoices(batch, now);
      const dilemmas = new Map<string, GlobalDilemma>();
      for (const outcome of outcomes) {
        if (outcome.status === "saved") dilemmas.set(outcome.dilemma.id, outcome.dilemma);
      }
      for (const counted of dilemmas.values()) today.offer(counted, now.getTime());
      return outcomes;
    },
  });
}

export function createGlobalDilemmaService(core: Core, { proofs }: { proofs: SessionProofs }) {
  const { db, clock } = core;
  const today = createTodayCache(clock, createDayLoader(core));
  const choices = createChoices(core, proofs, today);
  const reads = createViewerReads(core, today);

  return {
    /** Resolves once every choice and read received so far is written or answered (shutdown). */
    settle: async (): Promise<void> => {
      await Promise.all([choices.settle(), reads.settle()]);
    },

    /**
     * Today's dilemma and counts: the copy every visitor shares, at most a second
     * old (decision 0021). The same object until it changes.
     */
    today: async (): Promise<GlobalDilemma> => (await today.get()).today,

    /** Today's copy with yesterday's final result: one frozen object until either changes. */
    todayView: async (): Promise<TodayView> => today.get(),

    /**
     * Records the caller's choice (by their session's token, which the statement
     * checks) and moves the counters with it: a
     * first choice adds one count, a changed choice moves one count across, and the
     * same choice again changes nothing. Answers once it is committed, with the
     * counts as its commit left them.
     */
    async select(caller: Caller, id: string, option: Option) {
      const token = await caller.token();
      const outcome = await choices.submit({ token, globalDilemmaId: id, option });
      if (outcome.status === "no-session") throw notSignedIn();
      if (outcome.status === "no-dilemma") throw unknownDilemma();
      return {
        globalDilemmaData: outcome.dilemma,
        globalDilemmaSelectionData: { optionSelected: option },
      };
    },

    /**
     * One UTC day's dilemma and split: today's is today's (picked if need be), a
     * finished day's the final split its roll-up froze; a
     * past day without one, and every day still to come, is a 404. `day` is a
     * calendar day already (the contract checks it).
     */
    async day(day: string): Promise<{ globalDilemmaData: GlobalDilemma; isToday: boolean }> {
      const todayDay = utcDay(clock.now());
      if (day > todayDay) throw notFound(NO_DILEMMA_THAT_DAY);
      if (day === todayDay) return { globalDilemmaData: (await today.get()).today, isToday: true };
      // A finished day's split as it was frozen at the roll-up (late choices aside).
      const frozen = (await findRollup(db, day)) ?? (await findGlobalDilemmaByDay(db, day));
      const found = invariant(frozen, () => notFound(NO_DILEMMA_THAT_DAY));
      return { globalDilemmaData: found, isToday: false };
    },

    /** A guest signed in: their choices now belong to the account (in the caller's unit). */
    async carryOverGuest(unit: Unit, guestId: string, accountId: string): Promise<void> {
      await transferSelections(unit.tx, guestId, accountId);
      // Their streak comes along: the account's, worked out again from both.
      await recomputeStreak(unit.tx, accountId);
    },

    /**
     * One person's daily choices and streak, for their export. (A deleted
     * account's choices go with its row; the day's counters keep them: 0078.)
     */
    async exportOf(userId: string) {
      const [choices, streak] = await Promise.all([choicesOf(db, userId), streakOf(db, userId)]);
      return {
        globalChoices: choices.map((choice) => ({
          ...choice,
          chosenAt: choice.chosenAt.toISOString(),
        })),
        streak,
      };
    },

    /**
     * The caller's choice on `id` (by their session's token), its counts, and their
     * streak (decision 0026), read with the reads that arrive meanwhile in one
     * statement that checks each session too. Today's dilemma and counts are the
     * shared copy's, at most a second old (decision 0033).
     */
    async selectionOf(caller: Caller, id: string) {
      const found = await reads.submit({ token: await caller.token(), id });
      if (found.status === "no-session") throw notSignedIn();
      if (found.status === "no-dilemma") throw unknownDilemma();
      return {
        globalDilemmaSelection: found.option ? { optionSelected: found.option } : null,
        globalDilemmaData: found.dilemma,
        streak: found.streak,
      };
    },
  };
}

export type GlobalDilemmaService = ReturnType<typeof createGlobalDilemmaService>;
