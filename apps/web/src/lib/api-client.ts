import { type InputOf, type Operation, operationUrl } from "@eitheror/shared/api/contract";
import type { ErrorCode } from "@eitheror/shared/api/envelope";
import type { z } from "zod";

const XSRF_COOKIE = "XSRF-TOKEN";
const XSRF_HEADER = "X-XSRF-TOKEN";
const FALLBACK_MESSAGE = "Something went wrong. Please try again.";
const UNREACHABLE_MESSAGE = "Cannot reach the server. Check your connection and try again.";
const OFFLINE_MESSAGE = "You are offline. Check your connection and try again.";

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
  /** The log-out itself: the one call that does not wait for the session's end. */
  endsSession?: boolean;
}

/** The code of a call dropped because its session ended before it could leave. */
export const SESSION_ENDED_CODE = "session_ended";

/**
 * Where a log-out stands (lib/end-session.ts), for every call: the calls sent
 * and not yet answered, which the log-out waits for; while it runs, what every
 * other call waits for; and how many sessions this page has ended, so that a
 * call knows whether its own session ended while it waited.
 */
export const sessionGate: {
  unanswered: Set<Promise<unknown>>;
  ending?: Promise<void>;
  ended: number;
} = { unanswered: new Set(), ended: 0 };

/**
 * Sends one call, unless it belongs to a session that ended while it waited:
 * sent then, it would carry a dead session and be refused.
 */
async function send(url: string, init: RequestInit, endsSession = false): Promise<Response> {
  const setOffIn = sessionGate.ended;
  while (sessionGate.ending && !endsSession) await sessionGate.ending;
  if (setOffIn !== sessionGate.ended)
    throw new ApiError(401, "You have logged out.", SESSION_ENDED_CODE);
  const answer = fetch(url, init);
  sessionGate.unanswered.add(answer);
  const answered = () => sessionGate.unanswered.delete(answer);
  answer.then(answered, answered);
  return answer;
}

/**
 * Calls the API with the session cookie. Non-GET calls echo the anti-forgery
 * cookie in the header the server checks. Errors arrive as {error:{message}}
 * (our envelope) or {message} (better-auth) and become an ApiError.
 */
export async function apiRequest<T extends z.ZodType = z.ZodUnknown>(
  url: string,
  { method = "GET", body, schema, endsSession }: RequestOptions<T> = {},
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
    response = await send(
      url,
      {
        method,
        headers,
        credentials: "same-origin",
        body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
      },
      endsSession,
    );
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw noAnswer();
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

/**
 * A call that got no answer at all (status 0, no envelope): said as offline when
 * the browser knows it is, else as a server out of reach.
 */
const noAnswer = () => new ApiError(0, navigator.onLine ? UNREACHABLE_MESSAGE : OFFLINE_MESSAGE);

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
 * An operation of the landing page's path: its method and path at hand, its
 * contract (and with it zod) loaded only when it is first called, beside the
 * request. The type checks the method and path against the contract's.
 */
export interface DeferredOperation<O extends Operation> {
  method: O["method"];
  path: O["path"];
  load: () => Promise<O>;
}

export function deferOperation<O extends Operation>(
  address: NoInfer<Pick<O, "method" | "path">>,
  load: () => Promise<O>,
): DeferredOperation<O> {
  return { method: address.method, path: address.path, load };
}

const isDeferred = <O extends Operation>(
  operation: O | DeferredOperation<O>,
): operation is DeferredOperation<O> => "load" in operation;

/** The contract of a deferred operation; a module that cannot arrive is a connection problem. */
async function loadContract<O extends Operation>(operation: DeferredOperation<O>): Promise<O> {
  try {
    return await operation.load();
  } catch {
    throw noAnswer();
  }
}

/**
 * Calls one operation of the shared contract: its method, its URL with the
 * parameters filled in, and its answer parsed by the same schema the server
 * answers with. A deferred operation's contract loads while the request is on
 * its way; the answer is parsed once both are there.
 */
export async function callApi<O extends Operation>(
  operation: O | DeferredOperation<O>,
  ...[input]: object extends CallInput<O> ? [CallInput<O>?] : [CallInput<O>]
): Promise<z.output<O["response"]>> {
  const { params, query, body } = (input ?? {}) as {
    params?: Record<string, string>;
    query?: Record<string, string | number | undefined>;
    body?: unknown;
  };
  const url = operationUrl(operation, params, query);
  if (!isDeferred(operation)) {
    return apiRequest(url, {
      method: operation.method,
      body,
      schema: operation.response as O["response"],
    });
  }
  const contract = loadContract(operation);
  // Not left unhandled when the request fails first.
  contract.catch(() => {});
  const answer = await apiRequest(url, { method: operation.method, body });
  return (await contract).response.parse(answer) as z.output<O["response"]>;
}

/**
 * The query key of an operation's answer: its path, then its parameters. Every
 * cached answer of one operation shares the first part, so a change can
 * invalidate them all (`[operation.path]`) or one (`operationKey(op, params)`).
 */
export function operationKey<O extends Operation>(
  operation: O | DeferredOperation<O>,
  params?: CallInput<O>["params"],
) {
  return params ? ([operation.path, params] as const) : ([operation.path] as const);
}
