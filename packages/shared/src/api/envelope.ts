import { z } from "zod";

/** The code an error carries when nothing more specific applies: one per HTTP status we use. */
export const statusErrorCodes = {
  400: "invalid_input",
  401: "not_signed_in",
  403: "forbidden",
  404: "not_found",
  409: "conflict",
  413: "too_large",
  415: "unsupported_media_type",
  416: "range_not_satisfiable",
  429: "rate_limited",
  500: "internal_error",
  502: "bad_gateway",
  503: "unavailable",
} as const;

export type ErrorStatus = keyof typeof statusErrorCodes;

/**
 * Codes a client can act on beyond the status: two 409s may need different
 * answers on screen. The web decides on these, never on the status alone.
 */
export const domainErrorCodes = [
  "invalid_link",
  "link_expired",
  "account_disabled",
  "email_taken",
  "same_email",
  "display_name_missing",
  "not_an_image",
  "invalid_bearer",
  "group_full",
  "admin_cannot_leave",
  "max_below_members",
  "duplicate_dilemma",
  "generator_not_configured",
  "generator_failed",
  "not_enough_members",
  "round_already_started",
  "no_dilemma_left",
  "round_closed",
  "already_submitted",
  "votes_missing",
  "not_in_round",
  "waiting_for_members",
  "round_not_started",
  "removed_from_group",
  "already_decided",
  "round_open",
] as const;

export const errorCodes = [...Object.values(statusErrorCodes), ...domainErrorCodes] as const;
export type ErrorCode = (typeof errorCodes)[number];

export const errorEnvelopeSchema = z.object({
  error: z.object({
    code: z.enum(errorCodes),
    message: z.string(),
    messages: z.array(z.string()).optional(),
  }),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

/** Success answers wrap their payload in `data` (docs/architecture.md, API conventions). */
export function dataEnvelope<T extends z.ZodType>(payload: T) {
  return z.object({ data: payload });
}
