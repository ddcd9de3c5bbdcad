import { z } from "zod";
import { globalDilemmaSchema } from "../global-dilemma/schema";

/**
 * What the server puts in the page for the app to start from (a JSON block, id
 * `shellIds.initialData`): today's dilemma on `/`, so the card needs no request,
 * and yesterday's result (null when there was none), so the part under the split
 * keeps a place for it only when there is one to show.
 */
export const initialDataSchema = z.object({
  globalDilemma: globalDilemmaSchema.optional(),
  yesterdayDilemma: globalDilemmaSchema.nullable().optional(),
});
export type InitialData = z.infer<typeof initialDataSchema>;
