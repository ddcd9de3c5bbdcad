import type { FastifyBaseLogger } from "fastify";
import nodemailer from "nodemailer";
import type { Clock } from "../../lib/clock";
import type { Db } from "../../lib/db";
import { listOutbox, type Mail, saveOutboxMail } from "./data";

export type { Mail } from "./data";

export interface MailServiceOptions {
  db: Db;
  clock: Clock;
  /** SMTP server (`smtp://user:pass@host:587`, `smtps://…`); unset: keep mail in the outbox. */
  smtpUrl?: string;
  from: string;
  log: Pick<FastifyBaseLogger, "info">;
}

/**
 * Real mail over SMTP with nodemailer, or, with no SMTP server set, the outbox
 * table plus a console line (local mode shows it at /dev/mailbox).
 */
export function createMailService({ db, clock, smtpUrl, from, log }: MailServiceOptions) {
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl, { from }) : null;
  return {
    async send(mail: Mail): Promise<void> {
      if (transport) {
        await transport.sendMail(mail);
        return;
      }
      await saveOutboxMail(db, mail, clock.now());
      log.info({ to: mail.to, subject: mail.subject }, `mail kept in the outbox:\n${mail.text}`);
    },
    /** The newest mail kept in the outbox. */
    outbox(limit: number) {
      return listOutbox(db, limit);
    },
    close() {
      transport?.close();
    },
  };
}

export type MailService = ReturnType<typeof createMailService>;
