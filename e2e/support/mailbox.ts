import { expect } from "@playwright/test";
import type { ReceivedMail } from "../../apps/server/test/smtp-receiver";
import { MAILBOX_URL } from "./ports";

/**
 * The newest e-mail the app sent to `to` over SMTP, decoded; waits for it.
 * `link` is the sign-in link in it.
 */
export async function waitForEmail(
  to: string,
  { after }: { after?: ReceivedMail } = {},
): Promise<ReceivedMail & { link: string }> {
  let mail: ReceivedMail | undefined;
  await expect
    .poll(
      async () => {
        const response = await fetch(`${MAILBOX_URL}/mails?to=${encodeURIComponent(to)}`);
        mail = response.ok ? ((await response.json()) as ReceivedMail) : undefined;
        return Boolean(mail?.link && mail.link !== after?.link);
      },
      { message: `an e-mail with a sign-in link to ${to}`, timeout: 10_000 },
    )
    .toBe(true);
  if (!mail?.link) throw new Error(`no sign-in link to ${to}`);
  return { ...mail, link: mail.link };
}

/** Every e-mail the app sent to `to` so far whose subject starts with `subject`. */
export async function mailsTo(to: string, subject: string): Promise<ReceivedMail[]> {
  const response = await fetch(`${MAILBOX_URL}/mails/all?to=${encodeURIComponent(to)}`);
  const all = (await response.json()) as ReceivedMail[];
  return all.filter((mail) => mail.subject.startsWith(subject));
}
