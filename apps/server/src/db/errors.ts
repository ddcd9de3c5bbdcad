/** Node's words for a connection that could not open or was cut. */
const CONNECTION_ERRORS = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
]);
/**
 * PostgreSQL's (SQLSTATE): class 08, the connection; 57P01–57P03, the server
 * shutting down or starting up; 53300, no connection slot left.
 */
const SERVER_STATES = /^(?:08...|57P0[123]|53300)$/;
/** node-postgres says these in words only. */
const CUT_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable/;

/**
 * Whether `error` (or what caused it: Drizzle and better-auth wrap the driver's)
 * says the database cannot be reached right now, rather than that the request
 * was wrong: the caller may try again in a moment, and the answer is a 503.
 */
export function databaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== "object" || depth > 5) return false;
  const { code, message, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === "string" && (CONNECTION_ERRORS.has(code) || SERVER_STATES.test(code)))
    return true;
  if (typeof message === "string" && CUT_MESSAGES.test(message)) return true;
  // Node tries each address of a name: an AggregateError holds each refusal.
  if (Array.isArray(errors) && errors.some((inner) => databaseUnavailable(inner, depth + 1)))
    return true;
  return databaseUnavailable(cause, depth + 1);
}
