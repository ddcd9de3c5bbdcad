import { z } from "zod";
import { dataEnvelope } from "../api/envelope";
import { freeTextSchema } from "../validation/fields";

export const MAX_DILEMMA_LENGTH = 200;
export const MIN_OPTION_LENGTH = 1;
export const MAX_OPTION_LENGTH = 60;

/** A dilemma as the bank keeps it, however it arrives: shipped, generated or typed by an admin. */
export const dilemmaTextSchema = z.object({
  dilemma: freeTextSchema(MAX_DILEMMA_LENGTH),
  optionA: freeTextSchema(MAX_OPTION_LENGTH),
  optionB: freeTextSchema(MAX_OPTION_LENGTH),
});
export type DilemmaText = z.infer<typeof dilemmaTextSchema>;
export type DilemmaTextInput = z.input<typeof dilemmaTextSchema>;

export const dilemmaSchema = z.object({
  id: z.string(),
  dilemma: z.string(),
  optionA: z.string(),
  optionB: z.string(),
  source: z.enum(["bank", "generated", "admin", "group"]),
  createdAt: z.iso.datetime(),
});
export type Dilemma = z.infer<typeof dilemmaSchema>;

/** The bank's figures for its keepers. */
export const bankStatsSchema = z.object({
  total: z.number().int(),
  generated: z.number().int(),
  addedByHand: z.number().int(),
  /** Dilemmas that have been a global daily dilemma. */
  usedByDaily: z.number().int(),
  /** Dilemmas never yet a daily one: this many days before the daily pick repeats. */
  leftForDaily: z.number().int(),
  /** Whether Generate Dilemmas has a provider to ask (LLM_*). */
  generatorConfigured: z.boolean(),
});
export type BankStats = z.infer<typeof bankStatsSchema>;

export const dilemmaMessages = {
  generate: "Generate Dilemmas",
  duplicate: "The bank already has this dilemma.",
  notConfigured:
    "No dilemma generator is configured. Set LLM_BASE_URL and LLM_MODEL (and LLM_API_KEY if your provider needs one) to use one. You can still add dilemmas by hand.",
  added: (n: number) =>
    n === 0
      ? "No new dilemmas: the generator only suggested ones the bank already has."
      : `${n} new ${n === 1 ? "dilemma was" : "dilemmas were"} added to the bank.`,
} as const;

export const generateResponseSchema = dataEnvelope(z.object({ added: z.number().int() }));
export const addDilemmaResponseSchema = dataEnvelope(z.object({ dilemma: dilemmaSchema }));
export const bankStatsResponseSchema = dataEnvelope(z.object({ bankData: bankStatsSchema }));
