import { z } from "zod";
import { fieldMessages } from "./messages";
import { isStorableText, stripControlCharacters } from "./text";

/**
 * Free text a person types (a group name, feedback, a dilemma): control
 * characters out, trimmed, then required and at most `max` characters, with the
 * generic field messages (docs/product.md#validation).
 */
export function freeTextSchema(max: number) {
  return z
    .string({ error: fieldMessages.required })
    .transform(stripControlCharacters)
    .pipe(
      z
        .string()
        .min(1, { error: fieldMessages.required })
        .max(max, { error: fieldMessages.maxLength(max) })
        .refine(isStorableText, { error: fieldMessages.pattern }),
    );
}
