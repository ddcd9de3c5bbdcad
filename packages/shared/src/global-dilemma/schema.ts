import { z } from "zod";
import { dataEnvelope } from "../api/envelope";

export const OPTIONS = ["A", "B"] as const;
export const optionSchema = z.enum(OPTIONS, { error: "Option must be 'A' or 'B'." });
export type Option = z.infer<typeof optionSchema>;

export const globalDilemmaSchema = z.object({
  id: z.string(),
  /** The UTC day (YYYY-MM-DD) this dilemma belongs to. */
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  dilemma: z.string(),
  optionA: z.string(),
  optionB: z.string(),
  countA: z.number().int().nonnegative(),
  countB: z.number().int().nonnegative(),
});
export type GlobalDilemma = z.infer<typeof globalDilemmaSchema>;

export const globalDilemmaSelectionSchema = z.object({ optionSelected: optionSchema });
export type GlobalDilemmaSelection = z.infer<typeof globalDilemmaSelectionSchema>;

export const globalDilemmaParamsSchema = z.object({ id: z.string().min(1) });

export const postSelectionBodySchema = z.object({ option: optionSchema });
export type PostSelectionBody = z.infer<typeof postSelectionBodySchema>;

export const getGlobalDilemmaResponseSchema = dataEnvelope(
  z.object({ globalDilemmaData: globalDilemmaSchema }),
);
export type GetGlobalDilemmaResponse = z.infer<typeof getGlobalDilemmaResponseSchema>;

export const postSelectionResponseSchema = dataEnvelope(
  z.object({
    globalDilemmaData: globalDilemmaSchema,
    globalDilemmaSelectionData: globalDilemmaSelectionSchema,
  }),
);
export type PostSelectionResponse = z.infer<typeof postSelectionResponseSchema>;

/** `globalDilemmaSelection` is null until the viewer has chosen. */
export const getSelectionResponseSchema = dataEnvelope(
  z.object({
    globalDilemmaSelection: globalDilemmaSelectionSchema.nullable(),
    globalDilemmaData: globalDilemmaSchema,
  }),
);
export type GetSelectionResponse = z.infer<typeof getSelectionResponseSchema>;
