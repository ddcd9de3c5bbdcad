export interface LoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
  code?: unknown;
  cause?: unknown;
}

/** How deep a chain of causes is followed. */
const MAX_CAUSES = 5;

/**
 * What a logged error says: its kind, message, code and stack, and each cause
 * in turn (a failed query's driver error, say), so one line tells the whole
 * story. A failed query's message is its SQL only: Drizzle adds the values
 * bound to it, which hold people's session tokens, addresses and comments.
 */
export function errorForLog(error: Error): LoggedError {
  return serialized(error, 0) as LoggedError;
}

function serialized(error: unknown, depth: number): unknown {
  if (!(error instanceof Error)) return error;
  const { code, query } = error as Error & { code?: unknown; query?: unknown };
  // Drizzle's DrizzleQueryError: "Failed query: <sql>\nparams: <values>".
  const boundValues = typeof query === "string" && error.message.startsWith("Failed query:");
  const message = boundValues ? `Failed query: ${query}` : error.message;
  const stack = (error.stack ?? "").replace(error.message, message);
  const logged: LoggedError = { type: error.name, message, stack };
  if (code !== undefined) logged.code = code;
  if (error.cause !== undefined && depth < MAX_CAUSES)
    logged.cause = serialized(error.cause, depth + 1);
  return logged;
}
