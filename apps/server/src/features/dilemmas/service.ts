import { dilemmaKey } from "@eitheror/shared/dilemmas/rules";
import {
  type BankStats,
  type Dilemma,
  type DilemmaText,
  dilemmaMessages,
  dilemmaTextSchema,
} from "@eitheror/shared/dilemmas/schema";
import type { Unit } from "../../db/transaction";
import type { Viewer } from "../../lib/auth/provider";
import type { Core } from "../../lib/core";
import { conflict, notFound } from "../../lib/http/errors";
import { bankFigures, type DilemmaRow, insertDilemmas, knownKeys, sampleQuestions } from "./data";
import { createProposals, type ProposalsOptions } from "./proposals";
import { hideDilemma } from "./proposals-data";
import { BATCH_SIZE, type GeneratorSettings, requestDilemmas } from "./provider";

const EXAMPLES = 20;

const toDilemma = (row: DilemmaRow): Dilemma => ({
  id: row.id,
  dilemma: row.dilemma,
  optionA: row.optionA,
  optionB: row.optionB,
  source: row.source,
  createdAt: row.createdAt.toISOString(),
});

/**
 * The first `limit` items that are valid dilemmas, once each (a batch may repeat
 * itself); the rest of a longer answer is not even read: a generator that sends
 * thousands gets what was asked for.
 */
function validItems(items: unknown[], limit: number): (DilemmaText & { dedupeKey: string })[] {
  const seen = new Set<string>();
  const kept: (DilemmaText & { dedupeKey: string })[] = [];
  for (const item of items) {
    if (kept.length === limit) break;
    const parsed = dilemmaTextSchema.safeParse(item);
    if (!parsed.success) continue;
    const dedupeKey = dilemmaKey(parsed.data.dilemma);
    if (!dedupeKey || seen.has(dedupeKey)) continue;
    seen.add(dedupeKey);
    kept.push({ ...parsed.data, dedupeKey });
  }
  return kept;
}

/**
 * The dilemma bank and the groups' own dilemmas: the one owner of its table
 * besides the seed that ships it. `proposals` is a group's (proposals.ts).
 */
export function createDilemmasService(
  core: Core,
  { generator, ...proposals }: { generator: GeneratorSettings | null } & ProposalsOptions,
) {
  const { db, transaction, access, clock } = core;
  return {
    proposals: createProposals(core, proposals),

    /**
     * A moderator hides a dilemma (the moderation feature's call, in its unit):
     * never drawn again, by a group or a day; past rounds keep it.
     */
    async hide(unit: Unit, dilemmaId: string, actorId: string): Promise<void> {
      if (!(await hideDilemma(unit.tx, dilemmaId, clock.now()))) {
        throw notFound("This dilemma does not exist or is hidden already.");
      }
      await proposals.record(unit, {
        actorId,
        action: "hide-dilemma",
        targetType: "dilemma",
        targetId: dilemmaId,
        groupId: null,
        detail: null,
      });
    },

    /**
     * Asks the configured generator for a batch and adds the valid items the bank
     * does not have, in one transaction: a batch lands whole or not at all.
     */
    async generate(viewer: Viewer): Promise<{ added: number }> {
      access.productAdmin(viewer);
      const items = validItems(
        await requestDilemmas(generator, await sampleQuestions(db, EXAMPLES)),
        BATCH_SIZE,
      );
      const added = await transaction(async ({ tx }) => {
        const known = await knownKeys(
          tx,
          items.map((item) => item.dedupeKey),
        );
        const fresh = items.filter((item) => !known.has(item.dedupeKey));
        return insertDilemmas(
          tx,
          fresh.map((item) => ({ ...item, source: "generated" as const })),
        );
      });
      return { added: added.length };
    },

    async add(viewer: Viewer, text: DilemmaText): Promise<Dilemma> {
      access.productAdmin(viewer);
      const [row] = await insertDilemmas(db, [
        { ...text, dedupeKey: dilemmaKey(text.dilemma), source: "admin" },
      ]);
      if (!row) throw conflict("duplicate_dilemma", dilemmaMessages.duplicate);
      return toDilemma(row);
    },

    async stats(viewer: Viewer): Promise<BankStats> {
      access.productAdmin(viewer);
      return { ...(await bankFigures(db)), generatorConfigured: generator !== null };
    },
  };
}

export type DilemmasService = ReturnType<typeof createDilemmasService>;
