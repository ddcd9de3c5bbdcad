import { z } from "zod";
import { fieldMessages } from "./messages";
import { isStorableText, stripControlCharacters } from "./text";

/**
 * Free text a person types (a name, a group name, feedback, a dilemma): control
 * and invisible characters out, trimmed, then required, at least `min` and at
 * most `max` characters, with the generic field messages (docs/product.md#validation).
 */
export function freeTextSchema(max: number, { min = 1 }: { min?: number } = {}) {
  return z
    .string({ error: fieldMessages.required })
    .transform(stripControlCharacters)
    .pipe(
      z
        .string()
        // An empty text is missing, not short: one message, not two.
        .min(1, { error: fieldMessages.required, abort: true })
        .min(min, { error: fieldMessages.minLength(min) })
        .max(max, { error: fieldMessages.maxLength(max) })
        .refine(isStorableText, { error: fieldMessages.pattern }),
    );
}
