import { dilemmaKey } from "@eitheror/shared/dilemmas/rules";
import { type DilemmaText, dilemmaTextSchema } from "@eitheror/shared/dilemmas/schema";
import { z } from "zod";
import type { Db } from "../client";
import { dilemmas } from "../schema";
import bank from "./dilemmas.json" with { type: "json" };

export const dilemmaBank: DilemmaText[] = z.array(dilemmaTextSchema).parse(bank);

/**
 * Puts the shipped bank into the database. Safe on every start: rows already
 * there are kept, and dilemmas added to the bank in a release arrive once.
 */
export async function seedDilemmaBank(db: Db): Promise<void> {
  await db
    .insert(dilemmas)
    .values(dilemmaBank.map((entry) => ({ ...entry, dedupeKey: dilemmaKey(entry.dilemma) })))
    .onConflictDoNothing({ target: dilemmas.dedupeKey });
}
