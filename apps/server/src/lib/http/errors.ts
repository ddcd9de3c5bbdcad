import { type ErrorCode, type ErrorStatus, statusErrorCodes } from "@eitheror/shared/api/envelope";

export interface AppErrorOptions {
  /** A domain code the client can act on; default: the status's own code. */
  code?: ErrorCode;
  /** Field messages of a 400, shown as a list. */
  messages?: string[];
  /** A 429's wait, sent as `Retry-After`. */
  retryAfterSeconds?: number;
  cause?: unknown;
}

/** An error the client caused or may see: its HTTP status, a code and a readable message. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly messages?: string[];
  readonly retryAfterSeconds?: number;

  constructor(
    readonly status: ErrorStatus,
    message: string,
    { code, messages, retryAfterSeconds, cause }: AppErrorOptions = {},
  ) {
    super(message, cause === undefined ? undefined : { cause });
    this.code = code ?? statusErrorCodes[status];
    this.messages = messages;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export const invalid = (message: string, options?: AppErrorOptions) =>
  new AppError(400, message, options);
/** What a 401 says when it has nothing more to say. */
export const SIGN_IN_MESSAGE = "Please sign in to continue.";
export const notSignedIn = () => new AppError(401, SIGN_IN_MESSAGE);
export const forbidden = (message: string, options?: AppErrorOptions) =>
  new AppError(403, message, options);
export const notFound = (message: string) => new AppError(404, message);
export const conflict = (code: ErrorCode, message: string) => new AppError(409, message, { code });

/** Narrows `value` to present, or throws `error` (a 404 for a row the caller may not see…). */
export function invariant<T>(value: T | null | undefined, error: () => AppError): T {
  if (value === null || value === undefined) throw error();
  return value;
}
