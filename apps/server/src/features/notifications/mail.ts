import { roundEmails } from "@eitheror/shared/rounds/emails";
import { escapeHtml } from "../../lib/html";
import { mailButton, mailPage } from "../../lib/mail-html";
import type { QueuedMail } from "../mail/service";

export interface NotificationMailParts {
  to: string;
  dedupeKey: string;
  appTitle: string;
  subject: string;
  heading: string;
  paragraphs: string[];
  /** A short list under the text (the leaderboard's top three). */
  list?: string[];
  button: string;
  link: string;
  unsubscribeLabel: string;
  unsubscribeLink: string;
}

const paragraph = (text: string) =>
  `<p style="margin:0 0 16px;font-size:16px;line-height:1.5">${escapeHtml(text)}</p>`;

/**
 * A game e-mail in the product's look (the sign-in mail's layout), as text and
 * HTML, with the one-click unsubscribe headers of RFC 8058: a mail client's
 * "Unsubscribe" button posts to the signed link without opening it.
 */
export function notificationMail(parts: NotificationMailParts): QueuedMail {
  const { to, dedupeKey, appTitle, subject, heading, paragraphs, list = [], link } = parts;
  const text = [
    heading,
    "",
    ...paragraphs.flatMap((line) => [line, ""]),
    ...(list.length ? [...list, ""] : []),
    `${parts.button}: ${link}`,
    "",
    `— ${appTitle}`,
    "",
    roundEmails.why,
    `${parts.unsubscribeLabel}: ${parts.unsubscribeLink}`,
  ].join("\n");
  const items = list.map((item) => `<li style="margin:0 0 4px">${escapeHtml(item)}</li>`).join("");
  const html = mailPage({
    subject,
    appTitle,
    heading,
    content: [
      ...paragraphs.map(paragraph),
      ...(items
        ? [
            `<ol style="margin:0 0 24px;padding-left:20px;font-size:16px;line-height:1.5">${items}</ol>`,
          ]
        : []),
      mailButton(parts.button, link),
      `<p style="margin:16px 0 0;font-size:12px;color:#64748b">${escapeHtml(roundEmails.why)} <a href="${escapeHtml(parts.unsubscribeLink)}" style="color:#4338ca">${escapeHtml(parts.unsubscribeLabel)}</a></p>`,
    ].join("\n      "),
  });
  return {
    to,
    subject,
    text,
    html,
    dedupeKey,
    headers: {
      "List-Unsubscribe": `<${parts.unsubscribeLink}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}
