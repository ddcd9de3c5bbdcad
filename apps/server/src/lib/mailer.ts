import type { FastifyBaseLogger } from "fastify";
import nodemailer from "nodemailer";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  /** SMTP server (`smtp://user:pass@host:587`, `smtps://…`); unset: keep mail in the outbox. */
  smtpUrl?: string;
  from: string;
  /** Where mail goes without SMTP: the outbox table (shown at /dev/mailbox in local mode). */
  outbox: (mail: Mail) => Promise<void>;
  log: Pick<FastifyBaseLogger, "info">;
}

/** Real mail over SMTP with nodemailer, or the outbox plus a console line when none is set. */
export function createMailer({ smtpUrl, from, outbox, log }: MailerOptions): Mailer {
  if (!smtpUrl) {
    return {
      async send(mail) {
        await outbox(mail);
        log.info({ to: mail.to, subject: mail.subject }, `mail kept in the outbox:\n${mail.text}`);
      },
      close() {},
    };
  }
  const transport = nodemailer.createTransport(smtpUrl, { from });
  return {
    async send(mail) {
      await transport.sendMail(mail);
    },
    close() {
      transport.close();
    },
  };
}
