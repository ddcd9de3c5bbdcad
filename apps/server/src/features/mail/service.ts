import type { FastifyBaseLogger } from "fastify";
import nodemailer, { type Transporter } from "nodemailer";
import type { Db } from "../../db/client";
import type { Unit } from "../../db/transaction";
import type { Clock } from "../../lib/clock";
import { type Pacer, paced } from "../../lib/paced";
import {
  claimDue,
  deleteMailMentioning,
  insertQueued,
  listOutbox,
  type Mail,
  markFailedAttempt,
  markSent,
  type OutboxRow,
  pendingBacklog,
  type QueuedMail,
  saveOutboxMail,
} from "./data";

export type { Mail, QueuedMail } from "./data";

const MINUTE_MS = 60_000;
/** Long enough for any SMTP exchange: a claimed message is nobody else's until then. */
const LEASE_MS = 10 * MINUTE_MS;
/** Messages claimed at a time: sent over the pool at once, then marked sent in one statement. */
const BATCH = 100;
/** SMTP connections the sender keeps open and sends over at once. */
const SMTP_CONNECTIONS = 5;
/** Attempts before a message is given up on: 1, 2, 4 … 60 minutes apart, about 4 hours in all. */
export const MAX_ATTEMPTS = 8;
const MAX_BACKOFF_MS = 60 * MINUTE_MS;

/** The wait after failed attempt number `attempts` (1, 2, 4 … minutes, capped). */
export const backoffMs = (attempts: number) =>
  Math.min(MINUTE_MS * 2 ** (attempts - 1), MAX_BACKOFF_MS);

export interface MailServiceOptions {
  db: Db;
  clock: Clock;
  /** SMTP server (`smtp://user:pass@host:587`, `smtps://…`); unset: keep mail in the outbox. */
  smtpUrl?: string;
  from: string;
  log: Pick<FastifyBaseLogger, "info" | "warn" | "error">;
  /** The turns of the app's background work (decision 0094); else the sender paces itself alone. */
  pacer?: Pacer;
}

/**
 * Sends one claimed message; a failure is marked for another attempt after the
 * backoff, or given up on after MAX_ATTEMPTS. True: sent (the caller marks it).
 */
async function attempt(
  { db, clock, log }: MailServiceOptions,
  transport: Transporter,
  row: OutboxRow,
): Promise<boolean> {
  try {
    await transport.sendMail({
      to: row.to,
      subject: row.subject,
      text: row.text,
      html: row.html,
      headers: row.headers,
    });
    return true;
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    const retryAt =
      row.attempts < MAX_ATTEMPTS
        ? new Date(clock.now().getTime() + backoffMs(row.attempts))
        : null;
    await markFailedAttempt(db, row.id, { retryAt, error });
    if (retryAt) log.warn({ err, to: row.to, attempts: row.attempts }, "mail not sent, retrying");
    else log.error({ err, to: row.to, subject: row.subject }, "mail given up on");
    return false;
  }
}

/**
 * Claims due messages a batch at a time and sends each once, a batch's over the
 * pool's connections at once; answers how many went out. Paced as the jobs are
 * (decision 0081): a sweep's or the reminders' mail is most of the app's own work
 * while it goes out (decision 0094), so the requests keep their share between
 * batches; what a run leaves goes with the next kick or the sender's job. Stops
 * after the batch under way once `stopping()` (the app closes: the next instance
 * goes on).
 */
async function sendAllDue(
  options: MailServiceOptions,
  transport: Transporter,
  stopping: () => boolean,
): Promise<number> {
  const { db, clock, pacer } = options;
  let sent = 0;
  await paced(
    async () => {
      if (stopping()) return false;
      const now = clock.now();
      const leaseUntil = new Date(now.getTime() + LEASE_MS);
      const claimed = await claimDue(db, { now, leaseUntil, limit: BATCH });
      const results = await Promise.all(claimed.map((row) => attempt(options, transport, row)));
      // One statement for the batch: were the app to stop before it, the lease runs
      // out and the batch goes again (as a message sent but not marked always could).
      const done = claimed.filter((_, at) => results[at]).map((row) => row.id);
      await markSent(db, done, clock.now());
      sent += done.length;
      return claimed.length === BATCH && !stopping();
    },
    // Mail can wait: the sweep and the reminders that queue it go first.
    { pacer, later: true },
  );
  return sent;
}

/**
 * Real mail over SMTP with nodemailer, or, with no SMTP server set, the outbox
 * table plus a console line (local mode shows it at /dev/mailbox). Game mail
 * goes through the queue (`enqueue`, then the sender); sign-in links are sent
 * at once (`send`), since the person is waiting for them.
 */
export function createMailService(options: MailServiceOptions) {
  const { db, clock, smtpUrl, from, log } = options;
  // Pooled: a hundred thousand reminders go over a few open connections, not one each (decision 0081).
  const transport = smtpUrl
    ? nodemailer.createTransport(
        { url: smtpUrl, pool: true, maxConnections: SMTP_CONNECTIONS },
        { from },
      )
    : null;
  let sending: Promise<unknown> = Promise.resolve();
  let closing = false;

  /** Sends every due message once; answers how many went out. */
  async function sendDue(): Promise<number> {
    return transport ? sendAllDue(options, transport, () => closing) : 0;
  }

  return {
    async send(mail: Mail): Promise<void> {
      if (transport) {
        await transport.sendMail(mail);
        return;
      }
      await saveOutboxMail(db, mail, clock.now());
      log.info({ to: mail.to, subject: mail.subject }, `mail kept in the outbox:\n${mail.text}`);
    },
    /**
     * Queues messages in the caller's transaction, in one statement: they leave only
     * if that commits, and once each, whoever queues the same key again. Answers
     * how many were new.
     */
    async enqueue({ tx }: Pick<Unit, "tx">, mails: QueuedMail[]): Promise<number> {
      const status = transport ? "pending" : "kept";
      const queued = await insertQueued(tx, mails, { status, now: clock.now() });
      if (queued && !transport) {
        log.info({ to: mails.map((mail) => mail.to), queued }, "mail kept in the outbox");
      }
      return queued;
    },
    /** Forgets every message that names a deleted account (decision 0078). */
    forget: ({ tx }: Pick<Unit, "tx">, needles: string[]) => deleteMailMentioning(tx, needles),
    sendDue,
    /**
     * Sends what is due now without waiting for the next tick (after a commit
     * that queued mail). Kicks of one instance run one after another.
     */
    kick(): void {
      sending = sending.then(sendDue).catch((err) => log.warn({ err }, "sending mail failed"));
    },
    /** Mail waiting to be sent, and how long the oldest has waited (the metrics). */
    async backlog(): Promise<{ pending: number; oldestAgeSeconds: number }> {
      const { pending, oldest } = await pendingBacklog(db);
      const waited = oldest ? (clock.now().getTime() - oldest.getTime()) / 1000 : 0;
      return { pending, oldestAgeSeconds: Math.max(0, waited) };
    },
    /** The newest mail kept in the outbox. */
    outbox(limit: number) {
      return listOutbox(db, limit);
    },
    async close() {
      closing = true;
      await sending;
      transport?.close();
    },
  };
}

export type MailService = ReturnType<typeof createMailService>;
