import { and, eq, gt, isNull, lt, lte, or } from "drizzle-orm";
import { firstOrNull, type Tx } from "../../db/client";
import { emailLinkTokens } from "../../db/schema";

export type EmailLinkToken = typeof emailLinkTokens.$inferSelect;

export async function insertEmailLinkToken(tx: Tx, token: typeof emailLinkTokens.$inferInsert) {
  await tx.insert(emailLinkTokens).values(token);
}

/**
 * Uses up a token in one statement, so of any number of simultaneous attempts
 * exactly one gets the row. A wrong address, a used or an expired token matches
 * nothing and leaves the token as it was.
 */
export async function consumeEmailLinkToken(
  tx: Tx,
  { tokenHash, email, now }: { tokenHash: string; email: string; now: Date },
): Promise<EmailLinkToken | null> {
  return firstOrNull(
    await tx
      .update(emailLinkTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(emailLinkTokens.tokenHash, tokenHash),
          eq(emailLinkTokens.email, email),
          isNull(emailLinkTokens.usedAt),
          gt(emailLinkTokens.expiresAt, now),
        ),
      )
      .returning(),
  );
}

/**
 * Whether `tokenHash` is an unused sign-in link that was sent to `email` and has
 * expired by `now`: holding the token and its address, the person learns only
 * that the link they were sent is too old.
 */
export async function isExpiredSignInToken(
  tx: Tx,
  { tokenHash, email, now }: { tokenHash: string; email: string; now: Date },
): Promise<boolean> {
  const row = firstOrNull(
    await tx
      .select({ tokenHash: emailLinkTokens.tokenHash })
      .from(emailLinkTokens)
      .where(
        and(
          eq(emailLinkTokens.tokenHash, tokenHash),
          eq(emailLinkTokens.email, email),
          eq(emailLinkTokens.purpose, "sign-in"),
          isNull(emailLinkTokens.usedAt),
          lte(emailLinkTokens.expiresAt, now),
        ),
      )
      .limit(1),
  );
  return row !== null;
}

export async function deleteTokensExpiredBefore(tx: Tx, before: Date) {
  await tx.delete(emailLinkTokens).where(lt(emailLinkTokens.expiresAt, before));
}

/**
 * Uses up an account deletion link's token in one statement (single use, as
 * sign-in links are); null when it is unknown, used or expired.
 */
export async function consumeDeletionToken(
  tx: Tx,
  { tokenHash, now }: { tokenHash: string; now: Date },
): Promise<{ email: string; userId: string | null } | null> {
  return firstOrNull(
    await tx
      .update(emailLinkTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(emailLinkTokens.tokenHash, tokenHash),
          eq(emailLinkTokens.purpose, "delete-account"),
          isNull(emailLinkTokens.usedAt),
          gt(emailLinkTokens.expiresAt, now),
        ),
      )
      .returning({ email: emailLinkTokens.email, userId: emailLinkTokens.userId }),
  );
}

/** Every link sent to an address or made for an account: a deleted account's go with it. */
export async function deleteTokensOf(tx: Tx, { userId, email }: { userId: string; email: string }) {
  await tx
    .delete(emailLinkTokens)
    .where(or(eq(emailLinkTokens.userId, userId), eq(emailLinkTokens.email, email)));
}
