import { z } from "zod";

export const MAX_DILEMMA_LENGTH = 200;
export const MIN_OPTION_LENGTH = 1;
export const MAX_OPTION_LENGTH = 60;

/** A dilemma as written in the bank: the question and its two answers. */
export const dilemmaTextSchema = z.object({
  dilemma: z.string().trim().min(1).max(MAX_DILEMMA_LENGTH),
  optionA: z.string().trim().min(MIN_OPTION_LENGTH).max(MAX_OPTION_LENGTH),
  optionB: z.string().trim().min(MIN_OPTION_LENGTH).max(MAX_OPTION_LENGTH),
});
export type DilemmaText = z.infer<typeof dilemmaTextSchema>;
