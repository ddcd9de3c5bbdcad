import type { JobDefinition } from "../jobs/service";
import type { PushService } from "./service";

/** Sends queued pushes that are due: what a kick missed, and retries after their backoff. */
export const pushSenderJob = (push: PushService): JobDefinition => ({
  name: "push-sender",
  everyMs: 30 * 1000,
  run: () => push.sendDue(),
});
