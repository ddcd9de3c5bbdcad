import type { JobDefinition } from "../jobs/service";
import type { GameMailService } from "./service";

/** Queues the reminders that fell due: once a minute, so one arrives about on time. */
export const remindersJob = (service: GameMailService): JobDefinition => ({
  name: "round-reminders",
  everyMs: 60 * 1000,
  run: () => service.reminders.send(),
});
