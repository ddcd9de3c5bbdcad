import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  to: string[];
  subject: string;
  /** Header names lowercased, folded lines joined. */
  headers: Map<string, string>;
  text: string;
  html: string;
  /** The first sign-in (link-router) link in the plain-text body. */
  link: string | undefined;
}

/** The first sign-in (link-router) link in a plain-text body. */
export const linkIn = (text: string) =>
  text.match(/https?:\/\/\S+\/sign-in\/link-router\?\S+/)?.[0];

function decodeQuotedPrintable(body: string): string {
  const escaped = body
    .replace(/=\r?\n/g, "")
    // Literal percent signs first, so only the =XX escapes become %XX.
    .replace(/%/g, "%25")
    .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => `%${hex}`);
  return decodeURIComponent(escaped);
}

function splitHead(raw: string): { headers: Map<string, string>; body: string } {
  const split = raw.search(/\r?\n\r?\n/);
  const head = split === -1 ? raw : raw.slice(0, split);
  const body = split === -1 ? "" : raw.slice(split).replace(/^\r?\n\r?\n/, "");
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodePart(headers: Map<string, string>, body: string): string {
  const encoding = headers.get("content-transfer-encoding")?.toLowerCase();
  if (encoding === "quoted-printable") return decodeQuotedPrintable(body);
  if (encoding === "base64")
    return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  return body;
}

/**
 * Reads what nodemailer sends: one part or multipart/alternative with a text and
 * an HTML part, each possibly quoted-printable (decode before reading links).
 */
export function parseMail(raw: string, to: string[]): ReceivedMail {
  const { headers, body } = splitHead(raw);
  let text = "";
  let html = "";
  const boundary = headers.get("content-type")?.match(/boundary="?([^";]+)"?/i)?.[1];
  const parts = boundary
    ? body
        .split(`--${boundary}`)
        .slice(1, -1)
        .map((part) => splitHead(part.replace(/^\r?\n/, "")))
    : [{ headers, body }];
  for (const part of parts) {
    const type = part.headers.get("content-type") ?? "text/plain";
    const content = decodePart(part.headers, part.body).trim();
    if (type.startsWith("text/html")) html = content;
    else if (type.startsWith("text/plain")) text = content;
  }
  const subject = headers.get("subject") ?? "";
  return { to, subject, headers, text, html, link: linkIn(text) };
}

export interface SmtpReceiver {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  url: string;
  port: number;
  mails: ReceivedMail[];
  /** The newest mail to `address`, waiting for it to arrive if need be. */
  waitFor(address: string, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/**
 * A real SMTP server on 127.0.0.1 that keeps what it receives, for tests. With
 * `failFirst`, it answers the first that many messages with a temporary failure
 * (451) and keeps nothing of them, as a server that is briefly down would.
 */
export async function startSmtpReceiver(
  port = 0,
  { failFirst = 0 }: { failFirst?: number } = {},
): Promise<SmtpReceiver> {
  const mails: ReceivedMail[] = [];
  let toFail = failFirst;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    // close() waits this long for open connections (a client's pooled one stays open):
    // 30 s by default, a test's whole length. A server going away drops them at once.
    closeTimeout: 100,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (toFail > 0) {
          toFail--;
          callback(Object.assign(new Error("Try again later"), { responseCode: 451 }));
          return;
        }
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase());
        mails.push(parseMail(Buffer.concat(chunks).toString("utf8"), to));
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const actualPort = (server.server.address() as AddressInfo).port;

  return {
    url: `smtp://127.0.0.1:${actualPort}`,
    port: actualPort,
    mails,
    async waitFor(address, timeoutMs = 10_000) {
      const wanted = address.toLowerCase();
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const found = mails.findLast((mail) => mail.to.includes(wanted));
        if (found) return found;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`no mail to ${address} within ${timeoutMs} ms`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
