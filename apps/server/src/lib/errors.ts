import { type ErrorStatus, errorCodes } from "@eitheror/shared/api/envelope";

/** An error the client caused or may see: it carries its HTTP status and a readable message. */
export class AppError extends Error {
  readonly code: string;

  constructor(
    readonly status: ErrorStatus,
    message: string,
    readonly messages?: string[],
    /** A 429's wait, sent as `Retry-After`. */
    readonly extra: { retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.code = errorCodes[status];
  }
}

export const notSignedIn = () => new AppError(401, "Please sign in to continue.");
export const notFound = (message: string) => new AppError(404, message);
