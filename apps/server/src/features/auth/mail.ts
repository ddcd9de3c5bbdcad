import { escapeHtml } from "../../lib/html";
import { mailButton, mailPage } from "../../lib/mail-html";
import type { Mail } from "../mail/service";

interface LinkMail {
  to: string;
  appTitle: string;
  link: string;
  /** How long the link works; a notice's link (no token) leaves it out. */
  minutesValid?: number;
}

function linkMail({
  to,
  subject,
  heading,
  intro,
  button,
  ignore,
  link,
  appTitle,
  minutesValid,
}: LinkMail & {
  subject: string;
  heading: string;
  intro: string;
  button: string;
  ignore: string;
}): Mail {
  const footnote = minutesValid
    ? `The link works once, for ${minutesValid} minutes. ${ignore}`
    : ignore;
  const text = [heading, "", intro, "", link, "", footnote, "", `— ${appTitle}`].join("\n");
  const html = mailPage({
    subject,
    appTitle,
    heading,
    content: [
      `<p style="margin:0 0 24px;font-size:16px;line-height:1.5">${escapeHtml(intro)}</p>`,
      mailButton(button, link),
      `<p style="margin:0 0 8px;font-size:14px;color:#475569">${escapeHtml(footnote)}</p>`,
      `<p style="margin:16px 0 0;font-size:12px;color:#64748b;word-break:break-all">If the button does not work, paste this address into your browser:<br><a href="${escapeHtml(link)}" style="color:#4338ca">${escapeHtml(link)}</a></p>`,
    ].join("\n      "),
  });
  return { to, subject, text, html };
}

export function signInMail(mail: LinkMail): Mail {
  return linkMail({
    ...mail,
    subject: `Sign in to ${mail.appTitle}`,
    heading: `Your sign-in link for ${mail.appTitle}`,
    intro: "Open this link on this device to sign in. No password needed.",
    button: `Sign in to ${mail.appTitle}`,
    ignore: "If you did not ask to sign in, you can ignore this e-mail.",
  });
}

export function emailChangeMail(mail: LinkMail): Mail {
  return linkMail({
    ...mail,
    subject: `Confirm your new e-mail address for ${mail.appTitle}`,
    heading: "Confirm your new e-mail address",
    intro: `Open this link to use ${mail.to} for your ${mail.appTitle} account from now on.`,
    button: "Confirm e-mail address",
    ignore: "If you did not ask for this change, you can ignore this e-mail: nothing changes.",
  });
}

/** To the old address once an account moved to a new one: a change nobody asked for shows. */
export function emailChangedNotice({
  to,
  newEmail,
  appTitle,
  feedbackLink,
}: {
  to: string;
  newEmail: string;
  appTitle: string;
  feedbackLink: string;
}): Mail {
  return linkMail({
    to,
    appTitle,
    link: feedbackLink,
    subject: `Your ${appTitle} e-mail address was changed`,
    heading: "Your e-mail address was changed",
    intro: `Your ${appTitle} account now signs in with ${newEmail}, and no longer with this address.`,
    button: "This was not me",
    ignore: "If you made this change, there is nothing to do.",
  });
}

/** The link that deletes an account once opened: only the mailbox's owner can. */
export function deletionMail(mail: LinkMail): Mail {
  return linkMail({
    ...mail,
    subject: `Delete your ${mail.appTitle} account`,
    heading: "Delete your account",
    intro: `Open this link to delete your ${mail.appTitle} account. The page asks once more before anything goes.`,
    button: "Delete my account",
    ignore: "If you did not ask for this, you can ignore this e-mail: your account stays.",
  });
}
