import { utcDay } from "@eitheror/shared/global-dilemma/rules";
import type { GlobalDilemma, Option } from "@eitheror/shared/global-dilemma/schema";
import type { Core } from "../../lib/core";
import { invariant, notFound } from "../../lib/errors";
import type { Viewer } from "../../lib/identity";
import type { Unit } from "../../lib/transaction";
import {
  findGlobalDilemmaByDay,
  findGlobalDilemmaById,
  findSelection,
  insertSelection,
  lockSelection,
  moveCounts,
  pickGlobalDilemmaForDay,
  transferSelections,
  updateSelection,
} from "./data";

const UNKNOWN_DILEMMA = "This dilemma does not exist.";
const unknownDilemma = () => notFound(UNKNOWN_DILEMMA);

export function createGlobalDilemmaService({ db, transaction, clock }: Core) {
  async function existing(id: string): Promise<GlobalDilemma> {
    return invariant(await findGlobalDilemmaById(db, id), unknownDilemma);
  }

  /**
   * Records the viewer's choice and moves the counters with it, in one
   * transaction: a first choice adds one count, a changed choice moves one count
   * across, and the same choice again changes nothing.
   */
  function saveChoice(key: { globalDilemmaId: string; userId: string }, option: Option) {
    return transaction(async ({ tx }) => {
      const now = clock.now();
      let previous: Option | null = null;
      if (!(await insertSelection(tx, { ...key, option, now }))) {
        previous = await lockSelection(tx, key);
        if (previous === option) return findGlobalDilemmaById(tx, key.globalDilemmaId);
        await updateSelection(tx, { ...key, option, now });
      }
      const delta = (side: Option) => (side === option ? 1 : 0) - (side === previous ? 1 : 0);
      await moveCounts(tx, { ...key, deltaA: delta("A"), deltaB: delta("B") });
      return findGlobalDilemmaById(tx, key.globalDilemmaId);
    });
  }

  return {
    /** Today's (UTC) dilemma, picked by whichever request or job asks first. */
    async today(): Promise<GlobalDilemma> {
      const day = utcDay(clock.now());
      const found = await findGlobalDilemmaByDay(db, day);
      if (found) return found;
      await pickGlobalDilemmaForDay(db, day);
      return invariant(await findGlobalDilemmaByDay(db, day), () =>
        notFound("There is no dilemma yet: the dilemma bank is empty."),
      );
    },
    async select(viewer: Viewer, id: string, option: Option) {
      await existing(id);
      const saved = await saveChoice({ globalDilemmaId: id, userId: viewer.user.id }, option);
      return {
        globalDilemmaData: invariant(saved, unknownDilemma),
        globalDilemmaSelectionData: { optionSelected: option },
      };
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
