import { utcDay } from "@eitheror/shared/global-dilemma/rules";
import type { GlobalDilemma, Option } from "@eitheror/shared/global-dilemma/schema";
import type { clock as Clock } from "../../lib/clock";
import type { Db, Tx } from "../../lib/db";
import { notFound } from "../../lib/errors";
import type { Viewer } from "../../lib/identity";
import {
  findGlobalDilemmaByDay,
  findGlobalDilemmaById,
  findSelection,
  pickGlobalDilemmaForDay,
  saveSelection,
  transferSelections,
} from "./data";

const UNKNOWN_DILEMMA = "This dilemma does not exist.";

export function createGlobalDilemmaService({ db, clock }: { db: Db; clock: typeof Clock }) {
  async function existing(id: string): Promise<GlobalDilemma> {
    const dilemma = await findGlobalDilemmaById(db, id);
    if (!dilemma) throw notFound(UNKNOWN_DILEMMA);
    return dilemma;
  }

  return {
    /** Today's (UTC) dilemma, picked by whichever request or job asks first. */
    async today(): Promise<GlobalDilemma> {
      const day = utcDay(clock.now());
      const found = await findGlobalDilemmaByDay(db, day);
      if (found) return found;
      await pickGlobalDilemmaForDay(db, day);
      const picked = await findGlobalDilemmaByDay(db, day);
      if (!picked) throw notFound("There is no dilemma yet: the dilemma bank is empty.");
      return picked;
    },

    async select(viewer: Viewer, id: string, option: Option) {
      await existing(id);
      const saved = await saveSelection(db, {
        globalDilemmaId: id,
        userId: viewer.user.id,
        option,
        now: clock.now(),
      });
      if (!saved) throw notFound(UNKNOWN_DILEMMA);
      return { globalDilemmaData: saved, globalDilemmaSelectionData: { optionSelected: option } };
    },

    /** A guest signed in: their choices now belong to the account (in the caller's transaction). */
    async carryOverGuest(tx: Tx, guestId: string, accountId: string): Promise<void> {
      await transferSelections(tx, guestId, accountId);
    },

    async selectionOf(viewer: Viewer, id: string) {
      const dilemma = await existing(id);
      const option = await findSelection(db, id, viewer.user.id);
      return {
        globalDilemmaSelection: option ? { optionSelected: option } : null,
        globalDilemmaData: dilemma,
      };
    },
  };
}

export type GlobalDilemmaService = ReturnType<typeof createGlobalDilemmaService>;
