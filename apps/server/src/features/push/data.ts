import { and, asc, desc, eq, inArray, lte, notInArray, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { pushOutbox, pushSubscriptions } from "../../db/schema";

export type PushRow = typeof pushOutbox.$inferSelect;
export type SubscriptionRow = typeof pushSubscriptions.$inferSelect;

export interface NewSubscription {
  userId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  kinds: string[];
  alsoEmail: boolean;
}

/**
 * Saves a device's subscription (the endpoint's row, whoever had it before),
 * then keeps the person's `keep` newest: the oldest beyond go.
 */
export async function saveSubscription(
  tx: Tx,
  subscription: NewSubscription,
  { now, keep }: { now: Date; keep: number },
) {
  const { userId, p256dh, auth, kinds, alsoEmail } = subscription;
  await tx
    .insert(pushSubscriptions)
    .values({ ...subscription, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId, p256dh, auth, kinds, alsoEmail, updatedAt: now },
    });
  const newest = tx
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.updatedAt), desc(pushSubscriptions.id))
    .limit(keep);
  await tx
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, newest)));
}

/** Forgets the person's subscription of `endpoint`; answers whether there was one. */
export async function deleteSubscription(tx: Tx, userId: string, endpoint: string) {
  const gone = await tx
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return gone.length > 0;
}

/** A subscription the push service said is gone (404, 410). */
export async function deleteSubscriptionById(tx: Tx, id: string) {
  await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

/** The person's subscriptions that get `kind`. */
export function subscriptionsFor(tx: Tx, userId: string, kind: string) {
  return tx
    .select()
    .from(pushSubscriptions)
    .where(
      and(eq(pushSubscriptions.userId, userId), sql`${kind} = ANY(${pushSubscriptions.kinds})`),
    )
    .orderBy(asc(pushSubscriptions.createdAt));
}

export interface QueuedPushRow {
  userId: string;
  dedupeKey: string;
  kind: string;
  payload: { title: string; body: string; url: string };
}

/** Queues pushes in one statement; a key queued before is left as it was. Answers how many were new. */
export async function insertPushes(tx: Tx, pushes: QueuedPushRow[], now: Date): Promise<number> {
  if (pushes.length === 0) return 0;
  const inserted = await tx
    .insert(pushOutbox)
    .values(pushes.map((push) => ({ ...push, nextAttemptAt: now, createdAt: now })))
    .onConflictDoNothing({ target: pushOutbox.dedupeKey })
    .returning({ id: pushOutbox.id });
  return inserted.length;
}

/** As the mail outbox's claimDue: counts the attempt and leases the rows, SKIP LOCKED. */
export function claimDuePushes(
  tx: Tx,
  { now, leaseUntil, limit }: { now: Date; leaseUntil: Date; limit: number },
) {
  const due = tx
    .select({ id: pushOutbox.id })
    .from(pushOutbox)
    .where(and(eq(pushOutbox.status, "pending"), lte(pushOutbox.nextAttemptAt, now)))
    .orderBy(asc(pushOutbox.nextAttemptAt))
    .limit(limit)
    .for("update", { skipLocked: true });
  return tx
    .update(pushOutbox)
    .set({ attempts: sql`${pushOutbox.attempts} + 1`, nextAttemptAt: leaseUntil })
    .where(inArray(pushOutbox.id, due))
    .returning();
}

/** The end of an attempt: sent (or nothing left to send to), retried at `retryAt`, or given up. */
export async function finishPush(
  tx: Tx,
  id: string,
  outcome: { delivered: string[]; now: Date } & (
    | { done: true }
    | { done: false; retryAt: Date | null; error: string }
  ),
) {
  const { delivered, now } = outcome;
  await tx
    .update(pushOutbox)
    .set(
      outcome.done
        ? { status: "sent", sentAt: now, nextAttemptAt: null, lastError: null, delivered }
        : outcome.retryAt
          ? { nextAttemptAt: outcome.retryAt, lastError: outcome.error, delivered }
          : { status: "failed", nextAttemptAt: null, lastError: outcome.error, delivered },
    )
    .where(eq(pushOutbox.id, id));
}

/** Deletes every push whose text names a deleted account (decision 0078). */
export async function deletePushesMentioning(tx: Tx, needles: string[]) {
  if (needles.length === 0) return;
  const all = sql`concat_ws(' ', ${pushOutbox.payload}::text, ${pushOutbox.dedupeKey})`;
  const mentions = needles.map((needle) => sql`strpos(${all}, ${needle}) > 0`);
  await tx.delete(pushOutbox).where(sql.join(mentions, sql` OR `));
}

/** A person's devices, for their export. */
export function devicesOf(tx: Tx, userId: string) {
  return tx
    .select({
      kinds: pushSubscriptions.kinds,
      alsoEmail: pushSubscriptions.alsoEmail,
      createdAt: pushSubscriptions.createdAt,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(asc(pushSubscriptions.createdAt));
}
