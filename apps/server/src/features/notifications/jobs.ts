import type { JobDefinition } from "../jobs/service";
import type { NotificationsService } from "./service";

/** Queues the reminders that fell due: once a minute, so one arrives about on time. */
export const remindersJob = (service: NotificationsService): JobDefinition => ({
  name: "round-reminders",
  everyMs: 60 * 1000,
  run: () => service.reminders.send(),
});
