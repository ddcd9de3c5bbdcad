import { z } from "zod";
import { dataEnvelope } from "../api/envelope";

export const OPTIONS = ["A", "B"] as const;
export const optionSchema = z.enum(OPTIONS, { error: "Option must be 'A' or 'B'." });
export type Option = z.infer<typeof optionSchema>;

/** A UTC day as YYYY-MM-DD. */
export const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

export const globalDilemmaSchema = z.object({
  id: z.string(),
  /** The UTC day (YYYY-MM-DD) this dilemma belongs to. */
  day: z.string().regex(DAY_PATTERN),
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

/**
 * The first day of the calendar. JavaScript counts a year 0 (1 BC, a leap year),
 * which the calendar and PostgreSQL's `date` do not: `0000-02-29` was a 500.
 */
const FIRST_DAY = "0001-01-01";

function isCalendarDay(day: string): boolean {
  const at = new Date(`${day}T00:00:00Z`);
  return day >= FIRST_DAY && !Number.isNaN(at.getTime()) && at.toISOString().startsWith(day);
}

/**
 * A day of the calendar as YYYY-MM-DD (`2026-02-30` and year 0000 are refused
 * too), always one PostgreSQL's `date` holds.
 */
export const dayParamsSchema = z.object({
  day: z
    .string()
    .regex(DAY_PATTERN, "A day is written YYYY-MM-DD.")
    .refine(isCalendarDay, "There is no such day."),
});

/** A day's dilemma with its final (or, today, current) split. */
export const getDayResponseSchema = dataEnvelope(
  z.object({ globalDilemmaData: globalDilemmaSchema, isToday: z.boolean() }),
);
export type GetDayResponse = z.infer<typeof getDayResponseSchema>;

export const postSelectionBodySchema = z.object({ option: optionSchema });
export type PostSelectionBody = z.infer<typeof postSelectionBodySchema>;

/**
 * `yesterdayData` (beyond the spec) is the day before's dilemma with its final
 * counts, frozen when that day ended; null when there was none.
 */
export const getGlobalDilemmaResponseSchema = dataEnvelope(
  z.object({
    globalDilemmaData: globalDilemmaSchema,
    yesterdayData: globalDilemmaSchema.nullable(),
  }),
);
export type GetGlobalDilemmaResponse = z.infer<typeof getGlobalDilemmaResponseSchema>;

export const postSelectionResponseSchema = dataEnvelope(
  z.object({
    globalDilemmaData: globalDilemmaSchema,
    globalDilemmaSelectionData: globalDilemmaSelectionSchema,
  }),
);
export type PostSelectionResponse = z.infer<typeof postSelectionResponseSchema>;

/**
 * The viewer's streak (beyond the spec): consecutive UTC days with a choice, up to
 * today once they chose today (`chosenToday`), else up to yesterday.
 */
export const streakSchema = z.object({
  days: z.number().int().nonnegative(),
  chosenToday: z.boolean(),
});
export type Streak = z.infer<typeof streakSchema>;

/** `globalDilemmaSelection` is null until the viewer has chosen. */
export const getSelectionResponseSchema = dataEnvelope(
  z.object({
    globalDilemmaSelection: globalDilemmaSelectionSchema.nullable(),
    globalDilemmaData: globalDilemmaSchema,
    streak: streakSchema,
  }),
);
export type GetSelectionResponse = z.infer<typeof getSelectionResponseSchema>;
