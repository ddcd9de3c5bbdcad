import type { Duplex } from "node:stream";
import {
  type ErrorCode,
  type ErrorEnvelope,
  type ErrorStatus,
  statusErrorCodes,
} from "@eitheror/shared/api/envelope";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { databaseUnavailable } from "../db/errors";
import { AppError, SIGN_IN_MESSAGE } from "../lib/http/errors";

const INTERNAL_MESSAGE = "Something went wrong on our side. Please try again.";
export const UNAVAILABLE_MESSAGE =
  "The service is briefly unavailable. Please try again in a moment.";
/** What a 503 asks the caller to wait: a database restart takes seconds. */
export const UNAVAILABLE_RETRY_AFTER_S = 2;

function envelope(
  status: ErrorStatus,
  message: string,
  { code, messages }: { code?: ErrorCode; messages?: string[] } = {},
): ErrorEnvelope {
  return {
    error: { code: code ?? statusErrorCodes[status], message, ...(messages ? { messages } : {}) },
  };
}

/**
 * PostgreSQL refuses some text outright (a NUL byte, an invalid sequence): that is
 * the client's input, whichever feature passed it on, so it is a 400, not a 500.
 */
const REFUSED_TEXT_CODES = new Set(["22021", "22P05"]);
export const REFUSED_TEXT_MESSAGE = "Text must not contain NUL or invalid characters.";
function isRefusedText(error: unknown): boolean {
  const cause = (error as { cause?: { code?: unknown } }).cause;
  return typeof cause?.code === "string" && REFUSED_TEXT_CODES.has(cause.code);
}

function isKnownClientStatus(status: number | undefined): status is ErrorStatus {
  return status !== undefined && status >= 400 && status < 500 && status in statusErrorCodes;
}

/** The answer while the database is away: try again in a moment. */
export function sendUnavailable(reply: FastifyReply) {
  return reply
    .status(503)
    .header("retry-after", UNAVAILABLE_RETRY_AFTER_S)
    .type("application/json")
    .send(envelope(503, UNAVAILABLE_MESSAGE));
}

/** One error handler for the whole API: every failure leaves in the error envelope. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const messages = [
        ...new Set(error.validation.map((issue) => issue.message ?? "Invalid input.")),
      ];
      return reply.status(400).send(envelope(400, messages.join(" "), { messages }));
    }
    if (error instanceof AppError) {
      if (error.retryAfterSeconds) reply.header("retry-after", error.retryAfterSeconds);
      return reply.status(error.status).send(envelope(error.status, error.message, error));
    }
    if (isRefusedText(error)) {
      return reply.status(400).send(envelope(400, REFUSED_TEXT_MESSAGE));
    }
    // Fastify's own client errors: malformed JSON, wrong content type, body too large…
    if (isKnownClientStatus(error.statusCode)) {
      return reply.status(error.statusCode).send(envelope(error.statusCode, error.message));
    }
    if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(400).send(envelope(400, error.message));
    }
    // The database is down or restarting: the client may try again (never a 500).
    if (databaseUnavailable(error)) {
      request.log.warn({ err: error }, "database unavailable");
      return sendUnavailable(reply);
    }
    // The one line this failure gets, its causes in it (lib/http/log-errors.ts).
    request.log.error({ err: error }, "request failed");
    return reply.status(500).send(envelope(500, INTERNAL_MESSAGE));
  });
});

/** What a refusal without a reason of its own says. */
const REFUSED_MESSAGE = "This request was refused.";

/**
 * An error answer from elsewhere (better-auth) in our envelope: its status when
 * it is one of ours, else 400 for client errors and 500 for the rest. Where it
 * gave no reason, the API's own words for its status: a 404 names the address,
 * as every other one of the API's does.
 */
export function foreignError(
  status: number,
  message: string | undefined,
  request: { method: string; url: string },
): {
  status: ErrorStatus;
  body: ErrorEnvelope;
} {
  if (status >= 500) return { status: 500, body: envelope(500, INTERNAL_MESSAGE) };
  const known = isKnownClientStatus(status) ? status : 400;
  if (message) return { status: known, body: envelope(known, message) };
  if (known === 404) return { status: 404, body: apiNotFound(request.method, request.url) };
  return {
    status: known,
    body: envelope(known, known === 401 ? SIGN_IN_MESSAGE : REFUSED_MESSAGE),
  };
}

/** The router refuses a segment of a path past this many characters (Fastify's default, set in app.ts). */
export const MAX_PATH_SEGMENT = 100;

/**
 * Fastify answers some paths before any route or error handler runs: one that
 * does not decode (`%ED%A0%80`, a lone surrogate), and one with a segment where
 * a route takes a value (an id, a code) longer than MAX_PATH_SEGMENT. Given to
 * Fastify as `frameworkErrors`, this leaves them in the envelope too, each with
 * its own reason.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const message =
    error.code === "FST_ERR_MAX_PARAM_LENGTH"
      ? `A part of this address is longer than ${MAX_PATH_SEGMENT} characters.`
      : "This address does not decode to valid text.";
  // No onRequest hook ran: the request id is set here.
  reply.header("x-request-id", request.id).status(400).send(envelope(400, message));
}

const STATUS_LINES = {
  400: ["Bad Request", "invalid_input", "The request is not well-formed HTTP."],
  408: ["Request Timeout", "invalid_input", "The request took too long to arrive."],
  431: ["Request Header Fields Too Large", "too_large", "The request's headers are too large."],
} as const;

/**
 * A request Node's HTTP parser refuses (bytes a request line may not hold,
 * headers over the limit) reaches no route and no error handler: given to
 * Fastify as `clientErrorHandler`, it leaves in the envelope too, not in
 * Fastify's own `{"error":"Bad Request",…}`.
 */
export function clientErrors(error: Error & { code?: string }, socket: Duplex) {
  if (error.code === "ECONNRESET" || !socket.writable) {
    socket.destroy(error);
    return;
  }
  const status =
    error.code === "HPE_HEADER_OVERFLOW"
      ? 431
      : error.code === "ERR_HTTP_REQUEST_TIMEOUT"
        ? 408
        : 400;
  const [reason, code, message] = STATUS_LINES[status];
  const body = JSON.stringify({ error: { code, message } } satisfies ErrorEnvelope);
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

export function apiNotFound(method: string, url: string): ErrorEnvelope {
  return envelope(404, `There is no ${method} ${url.split("?")[0]} in this API.`);
}
