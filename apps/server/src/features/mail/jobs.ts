import type { JobDefinition } from "../jobs/service";
import type { MailService } from "./service";

/** Sends queued mail that is due: what a kick missed, and retries after their backoff. */
export const mailSenderJob = (mail: MailService): JobDefinition => ({
  name: "mail-sender",
  everyMs: 30 * 1000,
  run: () => mail.sendDue(),
});
