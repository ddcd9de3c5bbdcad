import { z } from "zod";
import { globalDilemmaSchema } from "../global-dilemma/schema";

/**
 * What the server puts in the page for the app to start from (a JSON block, id
 * `shellIds.initialData`): today's dilemma on `/`, so the card needs no request.
 */
export const initialDataSchema = z.object({
  globalDilemma: globalDilemmaSchema.optional(),
});
export type InitialData = z.infer<typeof initialDataSchema>;
