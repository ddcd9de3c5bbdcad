// The rules about a person that statements apply in SQL, each the twin of a rule in
// TypeScript, so the two are written once each and tested to agree (user-sql.test.ts).
import { sql } from "drizzle-orm";
import { type AnyPgColumn, alias } from "drizzle-orm/pg-core";
import { session, user } from "../../db/schema";

/** `users` under the name `u`: the user `liveSessionJoin` binds. */
export const sessionUser = alias(user, "u");

/**
 * A player, as `access.player` (lib/auth/access.ts) decides it: an account (not a guest,
 * its e-mail verified) with a display name. `users` itself, or `sessionUser`.
 */
export function isPlayer(who: typeof user | typeof sessionUser = user) {
  return sql`(${who.isAnonymous} IS NOT TRUE AND ${who.emailVerified} AND btrim(${who.name}) <> '')`;
}

/**
 * The name others see, as `displayName` in packages/shared/src/auth/rules.ts
 * gives it: the name trimmed, or null while there is none. Of `users` itself,
 * or of an alias of it (a report's reporter and a comment's author).
 */
export function shownNameOf(who: { name: AnyPgColumn } = user) {
  return sql<string | null>`nullif(btrim(${who.name}), '')`;
}

/** `shownNameOf` the `users` table itself. */
export const shownName = shownNameOf();

/**
 * The batched statements' one check of a session (`i.token` of their input), as the
 * identity plugin checks a request's: alive at the value `sessionsAt` (the real
 * time, as better-auth reads it) and its user not banned. It binds `s` (the
 * session) and `u` (its user, `sessionUser`).
 */
export const liveSessionJoin = sql`
  JOIN ${session} s ON s.token = i.token
    AND s.expires_at > ${sql.placeholder("sessionsAt")}::timestamptz
  JOIN ${user} u ON u.id = s.user_id AND u.banned IS NOT TRUE`;
