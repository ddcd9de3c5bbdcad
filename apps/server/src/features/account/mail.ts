import { accountMessages } from "@eitheror/shared/account/schema";
import { escapeHtml } from "../../lib/html";
import { mailButton, mailPage } from "../../lib/mail-html";
import type { QueuedMail } from "../mail/service";

/**
 * To the member who now runs a group whose admin deleted their account. It does
 * not name that admin: their name is gone with the account (decision 0078).
 */
export function newAdminMail({
  to,
  groupId,
  groupName,
  appTitle,
  publicUrl,
  deletionId,
}: {
  to: string;
  groupId: string;
  groupName: string;
  appTitle: string;
  publicUrl: string;
  /** One per deletion, so a retry of the same deletion queues it once. */
  deletionId: string;
}): QueuedMail {
  const subject = accountMessages.newAdminSubject(groupName);
  const intro = `The admin of ${groupName} deleted their account. You have been in the group the longest, so you run it now: you can invite, edit the group, remove members and delete it.`;
  const link = new URL(`/group/${encodeURIComponent(groupId)}`, publicUrl).toString();
  const text = [subject, "", intro, "", link, "", `— ${appTitle}`].join("\n");
  const html = mailPage({
    subject,
    appTitle,
    heading: subject,
    content: [
      `<p style="margin:0 0 24px;font-size:16px;line-height:1.5">${escapeHtml(intro)}</p>`,
      mailButton(`Open ${groupName}`, link),
    ].join("\n      "),
  });
  return { to, subject, text, html, dedupeKey: `new-admin:${groupId}:${deletionId}` };
}
