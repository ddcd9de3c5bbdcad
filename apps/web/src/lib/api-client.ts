import { type InputOf, type Operation, operationUrl } from "@eitheror/shared/api/contract";
import type { ErrorCode } from "@eitheror/shared/api/envelope";
import type { z } from "zod";

const XSRF_COOKIE = "XSRF-TOKEN";
const XSRF_HEADER = "X-XSRF-TOKEN";
const FALLBACK_MESSAGE = "Something went wrong. Please try again.";

/**
 * A failed API call: the HTTP status, the error's code (what a screen decides
 * on: `group_full` and `round_closed` are both 409s) and the readable message.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: ErrorCode | (string & {}),
    readonly messages: string[] = [],
  ) {
    super(message);
  }
}

function readCookie(name: string): string | undefined {
  const prefix = `${name}=`;
  const found = document.cookie.split("; ").find((part) => part.startsWith(prefix));
  return found ? decodeURIComponent(found.slice(prefix.length)) : undefined;
}

interface RequestOptions<T extends z.ZodType> {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  /** JSON, or FormData for a file upload (the browser then sets the multipart boundary). */
  body?: unknown;
  /** Parses the answer, so a contract drift fails loudly here and not in a screen. */
  schema?: T;
}

/**
 * Calls the API with the session cookie. Non-GET calls echo the anti-forgery
 * cookie in the header the server checks. Errors arrive as {error:{message}}
 * (our envelope) or {message} (better-auth) and become an ApiError.
 */
async function apiRequest<T extends z.ZodType = z.ZodUnknown>(
  url: string,
  { method = "GET", body, schema }: RequestOptions<T> = {},
): Promise<z.output<T>> {
  const headers: Record<string, string> = { accept: "application/json" };
  const isForm = body instanceof FormData;
  if (body !== undefined && !isForm) headers["content-type"] = "application/json";
  if (method !== "GET") {
    const token = readCookie(XSRF_COOKIE);
    if (token) headers[XSRF_HEADER] = token;
  }
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      credentials: "same-origin",
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, "Cannot reach the server. Check your connection and try again.");
  }

  const text = await response.text();
  const json: unknown = text ? safeJson(text) : null;
  if (!response.ok) {
    const failure = (json ?? {}) as {
      error?: { code?: string; message?: string; messages?: string[] };
      code?: string;
      message?: string;
    };
    throw new ApiError(
      response.status,
      failure.error?.message ?? failure.message ?? FALLBACK_MESSAGE,
      failure.error?.code ?? failure.code,
      failure.error?.messages,
    );
  }
  return schema ? schema.parse(json) : (json as z.output<T>);
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

type Part<S, Key extends string> = S extends z.ZodType
  ? { [K in Key]: InputOf<S> }
  : { [K in Key]?: never };

/** What a call of `O` needs: its path parameters, query and body, as its contract says. */
export type CallInput<O extends Operation> = Part<O["params"], "params"> &
  Partial<Part<O["query"], "query">> &
  (O["body"] extends z.ZodType ? { body: InputOf<O["body"]> } : { body?: FormData });

/**
 * Calls one operation of the shared contract: its method, its URL with the
 * parameters filled in, and its answer parsed by the same schema the server
 * answers with.
 */
export function callApi<O extends Operation>(
  operation: O,
  ...[input]: object extends CallInput<O> ? [CallInput<O>?] : [CallInput<O>]
): Promise<z.output<O["response"]>> {
  const { params, query, body } = (input ?? {}) as {
    params?: Record<string, string>;
    query?: Record<string, string | number | undefined>;
    body?: unknown;
  };
  return apiRequest(operationUrl(operation, params, query), {
    method: operation.method,
    body,
    schema: operation.response as O["response"],
  });
}

/**
 * The query key of an operation's answer: its path, then its parameters. Every
 * cached answer of one operation shares the first part, so a change can
 * invalidate them all (`[operation.path]`) or one (`operationKey(op, params)`).
 */
export function operationKey<O extends Operation>(operation: O, params?: CallInput<O>["params"]) {
  return params ? ([operation.path, params] as const) : ([operation.path] as const);
}
