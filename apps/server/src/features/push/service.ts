import { createECDH } from "node:crypto";
import { isIP } from "node:net";
import {
  PUSH_PAYLOAD_MAX_BYTES,
  type PushPayload,
  type pushSubscriptionBodySchema,
} from "@eitheror/shared/push/schema";
import type { FastifyBaseLogger } from "fastify";
import webpush from "web-push";
import type { z } from "zod";
import type { Unit } from "../../db/transaction";
import type { Viewer } from "../../lib/auth/provider";
import type { Core } from "../../lib/core";
import { AppError } from "../../lib/http/errors";
import { backoffMs, MAX_ATTEMPTS } from "../mail/service";
import {
  claimDuePushes,
  deletePushesMentioning,
  deleteSubscription,
  deleteSubscriptionById,
  devicesOf,
  finishPush,
  insertPushes,
  type PushRow,
  type QueuedPushRow,
  type SubscriptionRow,
  saveSubscription,
  subscriptionsFor,
} from "./data";
import type { VapidKeys } from "./keys";

/** A person's devices kept at most: a new one beyond replaces the oldest. */
export const MAX_SUBSCRIPTIONS = 10;
const LEASE_MS = 5 * 60_000;
const BATCH = 20;
/** How long one push service may take to answer. */
const SEND_TIMEOUT_MS = 10_000;
/** How long a push service keeps a message for a device that is offline. */
const TTL_SECONDS = 24 * 60 * 60;

export type QueuedPush = QueuedPushRow;

export interface PushServiceOptions {
  /** Null: no keys (production without VAPID_*), no pushes. */
  keys: VapidKeys | null;
  /** Test mode: plain-http endpoints on this machine (the test's push service). */
  allowLocalEndpoints: boolean;
  log: Pick<FastifyBaseLogger, "info" | "warn" | "error">;
}

const notSetUp = () => new AppError(404, "Push notifications are not set up on this server.");
const badEndpoint = () => new AppError(400, "This is not a push service's address.");

/**
 * The endpoint is where the server will POST: a push service on the internet,
 * never an address of this server's own network (https, a DNS name with a dot,
 * no IP literal). Test mode also takes http on 127.0.0.1, the test's own service.
 */
function checkEndpoint(endpoint: string, allowLocal: boolean) {
  const url = new URL(endpoint);
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (allowLocal && (host === "127.0.0.1" || host === "localhost")) return;
  if (url.protocol !== "https:" || url.username || url.password) throw badEndpoint();
  if (isIP(host) || !host.includes(".") || host.endsWith(".localhost")) throw badEndpoint();
}

/** The device's key is a point of P-256 (else no payload could ever be encrypted to it). */
function checkDeviceKey(p256dh: string) {
  try {
    const ours = createECDH("prime256v1");
    ours.generateKeys();
    ours.computeSecret(Buffer.from(p256dh, "base64url"));
  } catch {
    throw new AppError(400, "This push subscription's key is not valid.");
  }
}

/** The payload as JSON, its body shortened until it fits the limit. */
export function payloadJson(payload: PushPayload): string {
  let { body } = payload;
  for (;;) {
    const json = JSON.stringify({ ...payload, body });
    if (Buffer.byteLength(json) <= PUSH_PAYLOAD_MAX_BYTES || body.length === 0) return json;
    body = `${body.slice(0, Math.max(0, body.length - 64 - 1))}…`.replace(/^…$/, "");
  }
}

type Outcome = "delivered" | "gone" | "refused" | "retry";

/** One POST to the push service, bounded in time; the answer's body is never read. */
async function deliver(
  keys: VapidKeys,
  subscription: SubscriptionRow,
  payload: string,
): Promise<{ outcome: Outcome; detail: string }> {
  let details: ReturnType<typeof webpush.generateRequestDetails>;
  try {
    details = webpush.generateRequestDetails(
      {
        endpoint: subscription.endpoint,
        keys: { p256dh: subscription.p256dh, auth: subscription.auth },
      },
      payload,
      {
        vapidDetails: keys,
        TTL: TTL_SECONDS,
        contentEncoding: "aes128gcm",
      },
    );
  } catch (err) {
    return { outcome: "refused", detail: err instanceof Error ? err.message : String(err) };
  }
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(details.headers)) {
    if (name.toLowerCase() !== "content-length") headers[name] = String(value);
  }
  try {
    const response = await fetch(details.endpoint, {
      method: "POST",
      headers,
      body: details.body ?? undefined,
      redirect: "manual",
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    await response.body?.cancel().catch(() => {});
    const detail = `push service answered ${response.status}`;
    if (response.status >= 200 && response.status < 300) return { outcome: "delivered", detail };
    if (response.status === 404 || response.status === 410) return { outcome: "gone", detail };
    if (response.status === 429 || response.status >= 500) return { outcome: "retry", detail };
    return { outcome: "refused", detail };
  } catch (err) {
    return { outcome: "retry", detail: err instanceof Error ? err.message : String(err) };
  }
}

/** Sends one claimed row to each of the person's devices for its kind not reached yet. */
async function attempt(core: Core, options: PushServiceOptions, keys: VapidKeys, row: PushRow) {
  const { db, clock } = core;
  const delivered = new Set(row.delivered);
  const payload = payloadJson(row.payload);
  const targets = (await subscriptionsFor(db, row.userId, row.kind)).filter(
    (subscription) => !delivered.has(subscription.id),
  );
  const problems: string[] = [];
  for (const subscription of targets) {
    const { outcome, detail } = await deliver(keys, subscription, payload);
    if (outcome === "delivered") delivered.add(subscription.id);
    else if (outcome === "gone") await deleteSubscriptionById(db, subscription.id);
    else if (outcome === "retry") problems.push(detail);
    else options.log.warn({ detail, kind: row.kind }, "push refused, not retried");
  }
  const now = clock.now();
  const list = [...delivered];
  if (problems.length === 0) {
    await finishPush(db, row.id, { done: true, delivered: list, now });
    return;
  }
  const error = problems.join("; ").slice(0, 500);
  const retryAt =
    row.attempts < MAX_ATTEMPTS ? new Date(now.getTime() + backoffMs(row.attempts)) : null;
  await finishPush(db, row.id, { done: false, delivered: list, now, retryAt, error });
  if (retryAt) options.log.warn({ error, attempts: row.attempts }, "push not sent, retrying");
  else options.log.error({ error }, "push given up on");
}

type SubscriptionBody = z.output<typeof pushSubscriptionBodySchema>;

/**
 * Web Push (decision 0076): the VAPID public key, each person's device
 * subscriptions, and the push outbox, queued in the transaction that causes a
 * notification and sent once per (kind, round, member) by whichever instance
 * claims the row.
 */
export function createPushService(core: Core, options: PushServiceOptions) {
  const { db, clock, access } = core;
  const { keys, log } = options;
  let sending: Promise<unknown> = Promise.resolve();

  async function sendDue(): Promise<number> {
    if (!keys) return 0;
    let claimedAll = 0;
    for (;;) {
      const now = clock.now();
      const leaseUntil = new Date(now.getTime() + LEASE_MS);
      const claimed = await claimDuePushes(db, { now, leaseUntil, limit: BATCH });
      for (const row of claimed) await attempt(core, options, keys, row);
      claimedAll += claimed.length;
      if (claimed.length < BATCH) return claimedAll;
    }
  }

  return {
    /** Whether pushes go out at all (keys are set). */
    enabled: keys !== null,
    publicKey(): string {
      if (!keys) throw notSetUp();
      return keys.publicKey;
    },
    async subscribe(viewer: Viewer, body: SubscriptionBody) {
      const me = access.account(viewer);
      if (!keys) throw notSetUp();
      checkEndpoint(body.endpoint, options.allowLocalEndpoints);
      checkDeviceKey(body.keys.p256dh);
      const kinds = [...new Set(body.kinds)];
      await saveSubscription(
        db,
        {
          userId: me.user.id,
          endpoint: body.endpoint,
          p256dh: body.keys.p256dh,
          auth: body.keys.auth,
          kinds,
          alsoEmail: body.alsoEmail,
        },
        { now: clock.now(), keep: MAX_SUBSCRIPTIONS },
      );
      return { endpoint: body.endpoint, kinds, alsoEmail: body.alsoEmail };
    },
    async unsubscribe(viewer: Viewer, endpoint: string): Promise<boolean> {
      const me = access.account(viewer);
      return deleteSubscription(db, me.user.id, endpoint);
    },
    /** A person's devices, for their export. */
    async exportOf(userId: string) {
      const rows = await devicesOf(db, userId);
      return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
    },
    /** Forgets pushes that name a deleted account (decision 0078). */
    forget: ({ tx }: Pick<Unit, "tx">, needles: string[]) => deletePushesMentioning(tx, needles),
    /** Queues pushes in the caller's transaction; once each, whoever queues a key again. */
    async enqueue({ tx }: Pick<Unit, "tx">, pushes: QueuedPush[]): Promise<number> {
      if (!keys) return 0;
      return insertPushes(tx, pushes, clock.now());
    },
    sendDue,
    /** Sends what is due now (after a commit that queued pushes); one kick after another. */
    kick(): void {
      if (!keys) return;
      sending = sending.then(sendDue).catch((err) => log.warn({ err }, "sending pushes failed"));
    },
    async close() {
      await sending;
    },
  };
}

export type PushService = ReturnType<typeof createPushService>;
