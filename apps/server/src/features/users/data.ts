import { and, eq, ne, sql } from "drizzle-orm";
import { firstOrNull, type Tx } from "../../db/client";
import { session, user, verification } from "../../db/schema";

export type UserRow = typeof user.$inferSelect;

export async function findUserById(tx: Tx, id: string): Promise<UserRow | null> {
  return firstOrNull(await tx.select().from(user).where(eq(user.id, id)));
}

export async function findUserByEmail(tx: Tx, email: string): Promise<UserRow | null> {
  return firstOrNull(await tx.select().from(user).where(eq(user.email, email)));
}

/**
 * The account for a proven address: created on first sign-in (no name yet, so
 * the details screen follows), verified either way. Guest rows never match.
 */
export async function upsertVerifiedUser(
  tx: Tx,
  { id, email, now }: { id: string; email: string; now: Date },
): Promise<UserRow | null> {
  return firstOrNull(
    await tx
      .insert(user)
      .values({
        id,
        name: "",
        email,
        emailVerified: true,
        isAnonymous: false,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: user.email,
        set: { emailVerified: true, updatedAt: now },
        setWhere: sql`${user.isAnonymous} IS NOT TRUE`,
      })
      .returning(),
  );
}

export async function setUserEmail(
  tx: Tx,
  { userId, email, now }: { userId: string; email: string; now: Date },
): Promise<UserRow | null> {
  return firstOrNull(
    await tx
      .update(user)
      .set({ email, emailVerified: true, updatedAt: now })
      .where(and(eq(user.id, userId), ne(user.isAnonymous, true)))
      .returning(),
  );
}

/** Locks a guest row for the transaction; null when it is gone (already carried over). */
export async function lockGuest(tx: Tx, userId: string): Promise<{ id: string } | null> {
  return firstOrNull(
    await tx
      .select({ id: user.id })
      .from(user)
      .where(and(eq(user.id, userId), eq(user.isAnonymous, true)))
      .for("update"),
  );
}

/** Deletes a user with everything that cascades from it: sessions, choices. */
export async function deleteUser(tx: Tx, userId: string) {
  await tx.delete(user).where(eq(user.id, userId));
}

export async function deleteSession(tx: Tx, sessionId: string) {
  await tx.delete(session).where(eq(session.id, sessionId));
}

/**
 * Deletes up to `limit` guests who can never come back: made before `before`, and
 * no session of theirs still valid at `now`. Their choices go with them; the
 * global counts keep them (a vote cast stays cast).
 */
export async function deleteAbandonedGuests(
  tx: Tx,
  { before, now, limit }: { before: Date; now: Date; limit: number },
) {
  await tx.execute(sql`
    DELETE FROM ${user} WHERE ${user.id} IN (
      SELECT u.id FROM ${user} u
      WHERE u.is_anonymous
        AND u.created_at < ${before.toISOString()}
        AND NOT EXISTS (
          SELECT 1 FROM ${session} s WHERE s.user_id = u.id AND s.expires_at > ${now.toISOString()}
        )
      LIMIT ${limit}
    )
  `);
}

/**
 * A deleted account's stand-in (decision 0078): a new id that names nobody, the
 * shown name "Deleted player", an address no one can receive mail at, no photo,
 * unverified and banned, so it can never sign in or be signed in to.
 */
export async function insertTombstone(
  tx: Tx,
  { id, name, email, now }: { id: string; name: string; email: string; now: Date },
) {
  await tx.insert(user).values({
    id,
    name,
    email,
    emailVerified: false,
    isAnonymous: false,
    banned: true,
    banReason: "deleted account",
    createdAt: now,
    updatedAt: now,
  });
}

export async function listSessionIds(tx: Tx, userId: string): Promise<string[]> {
  const rows = await tx.select({ id: session.id }).from(session).where(eq(session.userId, userId));
  return rows.map((row) => row.id);
}

/**
 * Deletes an account's row, and with it (the foreign keys cascade) its sessions,
 * memberships, choices, preferences and devices; and what names it without a
 * foreign key: better-auth's verifications and impersonation marks.
 */
export async function eraseUser(tx: Tx, { id, email }: { id: string; email: string }) {
  await tx.update(session).set({ impersonatedBy: null }).where(eq(session.impersonatedBy, id));
  await tx.delete(verification).where(
    sql`strpos(${verification.identifier}, ${id}) > 0 OR strpos(${verification.value}, ${id}) > 0
        OR strpos(${verification.identifier}, ${email}) > 0 OR strpos(${verification.value}, ${email}) > 0`,
  );
  await tx.delete(user).where(eq(user.id, id));
}
