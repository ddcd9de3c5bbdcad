import type { FieldErrors, FieldValues } from "react-hook-form";
import { ApiError } from "./api-client";

/** One line of a form's danger alert. */
export interface FormMessage {
  /** The field's label, when the form has more than one field to tell apart. */
  field?: string;
  message: string;
}

/**
 * The danger alert's list for a form (docs/product.md#validation): each invalid
 * field's message with its label, in the form's order, then whatever else failed.
 */
export function formMessages<T extends FieldValues>(
  errors: FieldErrors<T>,
  labels: { [K in keyof T]?: string },
  ...others: (FormMessage | FormMessage[] | string | null | undefined | false)[]
): FormMessage[] {
  const fields = (Object.keys(labels) as (keyof T & string)[]).flatMap((name) => {
    const message = errors[name]?.message;
    return typeof message === "string" ? [{ field: labels[name], message }] : [];
  });
  const rest = others.flatMap((other) => {
    if (!other) return [];
    if (typeof other === "string") return [{ message: other }];
    return Array.isArray(other) ? other : [other];
  });
  return [...fields, ...rest];
}

/**
 * What a failed call says on a form: the server's field messages for a refused
 * input, its own words where they help (a limit, a conflict), else `fallback`,
 * the product's message for that failure.
 */
export function failureMessages(error: unknown, fallback: string): FormMessage[] {
  if (!(error instanceof ApiError)) return [{ message: fallback }];
  if (error.status === 400 && error.messages.length > 0) {
    return error.messages.map((message) => ({ message }));
  }
  if (error.status === 0 || error.status === 409 || error.status === 429) {
    return [{ message: error.message }];
  }
  return [{ message: fallback }];
}
