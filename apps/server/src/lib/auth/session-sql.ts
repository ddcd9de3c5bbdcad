import { sql } from "drizzle-orm";
import { type Db, namedStatement } from "../../db/client";
import { session, user } from "../../db/schema";

/** A session row with its user's, as `readSessions` answers them. */
export interface SessionRow {
  ord: number;
  session_id: string;
  token: string;
  expires_at: Date | string;
  user_id: string;
  name: string;
  email: string;
  email_verified: boolean;
  image: string | null;
  is_anonymous: boolean | null;
  role: string | null;
  banned: boolean | null;
  created_at: Date | string;
}

const readSessionsStatement = namedStatement<SessionRow, { tokens: string[] }>(
  "read-sessions",
  sql`
    SELECT i.ord::int AS ord, s.id AS session_id, s.token, s.expires_at,
      u.id AS user_id, u.name, u.email, u.email_verified, u.image, u.is_anonymous,
      u.role, u.banned, u.created_at
    FROM unnest(${sql.placeholder("tokens")}::text[]) WITH ORDINALITY AS i (token, ord)
    JOIN ${session} s ON s.token = i.token
    JOIN ${user} u ON u.id = s.user_id`,
);

/**
 * The sessions of `tokens` with their users, in one statement: for each token, in
 * order, its row or null when there is no such session (ended, or never was).
 */
export async function readSessions(db: Db, tokens: string[]): Promise<(SessionRow | null)[]> {
  const rows = await readSessionsStatement(db, { tokens });
  const byOrd = new Map(rows.map((row) => [Number(row.ord), row]));
  return tokens.map((_, i) => byOrd.get(i + 1) ?? null);
}
