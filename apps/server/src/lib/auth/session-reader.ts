import { createBatcher } from "../../db/batcher";
import type { Core } from "../core";
import {
  SESSION_LIFETIME_S,
  SESSION_RENEW_AFTER_S,
  type SessionToken,
  type Viewer,
} from "./provider";
import { readSessions, type SessionRow } from "./session-sql";

/**
 * What the sessions table says of a token: the viewer of a live session, nobody
 * (no such session), or "provider" when better-auth must answer because it writes:
 * it deletes an expired session and renews one past SESSION_RENEW_AFTER_S.
 */
export type SessionRead = Viewer | null | "provider";

/** The rules better-auth's getSession applies to a session row (decision 0090), by the real time. */
export function sessionReadOf(row: SessionRow | null, now: number): SessionRead {
  if (!row) return null;
  const expiresAt = new Date(row.expires_at);
  if (expiresAt.getTime() < now) return "provider";
  const renewsAt = expiresAt.getTime() - (SESSION_LIFETIME_S - SESSION_RENEW_AFTER_S) * 1000;
  if (renewsAt <= now) return "provider";
  return {
    session: { id: row.session_id, token: row.token, expiresAt },
    user: {
      id: row.user_id,
      name: row.name,
      email: row.email,
      emailVerified: row.email_verified,
      image: row.image,
      isAnonymous: row.is_anonymous,
      role: row.role,
      banned: row.banned,
      createdAt: new Date(row.created_at),
    },
  };
}

/**
 * Reads sessions by their token, the reads of a moment in one statement
 * (decision 0090): what a request signed in by its cookie asks first, instead of
 * better-auth's two statements and its endpoint machinery.
 */
export function createSessionReader({ db, batchSizes }: Pick<Core, "db" | "batchSizes">) {
  let reads = 0;
  const batcher = createBatcher<SessionToken, SessionRow | null>({
    // Reads change nothing: any two may share a statement.
    key: () => String(++reads),
    sized: (size) => batchSizes?.("session-reads", size),
    maxSize: 500,
    inFlight: 2,
    run: (tokens) => readSessions(db, tokens),
  });
  return {
    async read(token: SessionToken): Promise<SessionRead> {
      return sessionReadOf(await batcher.submit(token), Date.now());
    },
  };
}

export type SessionReader = ReturnType<typeof createSessionReader>;
