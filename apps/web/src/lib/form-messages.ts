import type { ErrorCode } from "@eitheror/shared/api/envelope";
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

/** Refused input: the envelope's `messages` say what is wrong with each field. */
const REFUSED_INPUT: ReadonlySet<string> = new Set<ErrorCode>([
  "invalid_input",
  "max_below_members",
  "votes_missing",
]);

/**
 * Failures whose message the server writes for a person: a conflict with the
 * state of things (`conflict`, or the domain code it names) and a rate limit.
 */
const SAID_FOR_PEOPLE: ReadonlySet<string> = new Set<ErrorCode>([
  "conflict",
  "email_taken",
  "display_name_missing",
  "duplicate_dilemma",
  "group_full",
  "admin_cannot_leave",
  "not_enough_members",
  "round_already_started",
  "no_dilemma_left",
  "round_closed",
  "already_submitted",
  "rate_limited",
]);

/**
 * What a call that got no answer at all says (offline, or the server out of
 * reach: status 0, no envelope), in the API client's words; undefined for any
 * other failure. A product message such as "Internal error…" would mislead there.
 */
export function noAnswerMessage(error: unknown): string | undefined {
  return error instanceof ApiError && error.status === 0 ? error.message : undefined;
}

/**
 * What a failed call says on a form, decided on the error's code
 * (docs/architecture.md, Errors): the server's field messages for a refused
 * input, its own words where they help (a conflict, a limit), else `fallback`,
 * the product's message for that failure.
 */
export function failureMessages(error: unknown, fallback: string): FormMessage[] {
  if (!(error instanceof ApiError)) return [{ message: fallback }];
  const code = error.code ?? "";
  if (REFUSED_INPUT.has(code) && error.messages.length > 0) {
    return error.messages.map((message) => ({ message }));
  }
  // Status 0 is no answer at all (offline): there is no envelope, so no code to read.
  const message = SAID_FOR_PEOPLE.has(code) ? error.message : noAnswerMessage(error);
  return [{ message: message ?? fallback }];
}
