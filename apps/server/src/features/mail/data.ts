import { and, asc, desc, eq, inArray, lte, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { outbox } from "../../db/schema";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** A message of the queue: a key that names it once, and headers (List-Unsubscribe). */
export interface QueuedMail extends Mail {
  dedupeKey: string;
  headers?: Record<string, string>;
}

export type OutboxRow = typeof outbox.$inferSelect;

export async function saveOutboxMail(tx: Tx, mail: Mail, now: Date) {
  await tx.insert(outbox).values({ ...mail, createdAt: now });
}

/**
 * Queues `mails` in one statement; answers how many were new (a message whose key
 * was queued before, by this instance or another, is left as it was).
 */
export async function insertQueued(
  tx: Tx,
  mails: QueuedMail[],
  { status, now }: { status: "pending" | "kept"; now: Date },
): Promise<number> {
  if (mails.length === 0) return 0;
  const inserted = await tx
    .insert(outbox)
    .values(
      mails.map((mail) => ({
        ...mail,
        headers: mail.headers ?? {},
        status,
        nextAttemptAt: now,
        createdAt: now,
      })),
    )
    .onConflictDoNothing({ target: outbox.dedupeKey })
    .returning({ id: outbox.id });
  return inserted.length;
}

/**
 * Takes up to `limit` due messages: counts the attempt and moves the next one
 * to `leaseUntil`, so no other instance takes them while this one sends. SKIP
 * LOCKED: instances claiming at once get different rows and never wait.
 */
export function claimDue(tx: Tx, { now, leaseUntil, limit }: ClaimOptions) {
  const due = tx
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(eq(outbox.status, "pending"), lte(outbox.nextAttemptAt, now)))
    .orderBy(asc(outbox.nextAttemptAt))
    .limit(limit)
    .for("update", { skipLocked: true });
  return tx
    .update(outbox)
    .set({ attempts: sql`${outbox.attempts} + 1`, nextAttemptAt: leaseUntil })
    .where(inArray(outbox.id, due))
    .returning();
}

interface ClaimOptions {
  now: Date;
  leaseUntil: Date;
  limit: number;
}

/** The messages went out: one statement for a batch's. */
export async function markSent(tx: Tx, ids: string[], now: Date) {
  if (ids.length === 0) return;
  await tx
    .update(outbox)
    .set({ status: "sent", sentAt: now, nextAttemptAt: null, lastError: null })
    .where(inArray(outbox.id, ids));
}

/** A failed attempt: tried again at `retryAt`, or given up on (`retryAt` null). */
export async function markFailedAttempt(
  tx: Tx,
  id: string,
  { retryAt, error }: { retryAt: Date | null; error: string },
) {
  await tx
    .update(outbox)
    .set(
      retryAt
        ? { nextAttemptAt: retryAt, lastError: error }
        : { status: "failed", nextAttemptAt: null, lastError: error },
    )
    .where(eq(outbox.id, id));
}

export function listOutbox(tx: Tx, limit: number) {
  return tx.select().from(outbox).orderBy(desc(outbox.createdAt)).limit(limit);
}

/** Mail still to be sent (due, leased or waiting out a backoff): how much, and the oldest's time. */
export async function pendingBacklog(tx: Tx): Promise<{ pending: number; oldest: Date | null }> {
  const [row] = await tx
    .select({
      pending: sql<number>`count(*)::int`,
      oldest: sql<string | null>`min(${outbox.createdAt})`,
    })
    .from(outbox)
    .where(eq(outbox.status, "pending"));
  return { pending: row?.pending ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
}

/**
 * Deletes every message that names a deleted account (any of `needles`: its id,
 * address and name) in any part: mail to it, and mail to others that names it
 * (decision 0078).
 */
export async function deleteMailMentioning(tx: Tx, needles: string[]) {
  if (needles.length === 0) return;
  const all = sql`concat_ws(' ', ${outbox.to}, ${outbox.subject}, ${outbox.text}, ${outbox.html}, ${outbox.headers}::text, ${outbox.dedupeKey})`;
  const mentions = needles.map((needle) => sql`strpos(${all}, ${needle}) > 0`);
  await tx.delete(outbox).where(sql.join(mentions, sql` OR `));
}
