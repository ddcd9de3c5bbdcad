import { dilemmaKey } from "@eitheror/shared/dilemmas/rules";
import {
  type BankStats,
  type Dilemma,
  type DilemmaText,
  dilemmaMessages,
  dilemmaTextSchema,
} from "@eitheror/shared/dilemmas/schema";
import type { Viewer } from "../../lib/auth/provider";
import type { Core } from "../../lib/core";
import { conflict } from "../../lib/http/errors";
import { bankFigures, type DilemmaRow, insertDilemmas, knownKeys, sampleQuestions } from "./data";
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

/** The dilemma bank: the one owner of its table besides the seed that ships it. */
export function createDilemmasService(
  { db, transaction, access }: Core,
  { generator }: { generator: GeneratorSettings | null },
) {
  return {
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
