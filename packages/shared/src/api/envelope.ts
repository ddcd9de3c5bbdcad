import { z } from "zod";

/** Error codes of the API envelope (DESIGN §6), one per HTTP status we answer with. */
export const errorCodes = {
  400: "invalid_input",
  401: "not_signed_in",
  403: "forbidden",
  404: "not_found",
  409: "conflict",
  413: "too_large",
  415: "unsupported_media_type",
  429: "rate_limited",
  500: "internal_error",
  503: "unavailable",
} as const;

export type ErrorStatus = keyof typeof errorCodes;
export type ErrorCode = (typeof errorCodes)[ErrorStatus];

export const errorEnvelopeSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    messages: z.array(z.string()).optional(),
  }),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

/** Success answers wrap their payload in `data` (DESIGN §6). */
export function dataEnvelope<T extends z.ZodType>(payload: T) {
  return z.object({ data: payload });
}
