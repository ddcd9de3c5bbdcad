import type { JobDefinition } from "../jobs/service";
import type { RoundsService } from "./service";

/**
 * Closes rounds whose due date has passed, and starts their next ones, even in
 * groups nobody looks at. Reads close an overdue round themselves if this has
 * not run yet.
 */
export const dueRoundsJob = (service: RoundsService): JobDefinition => ({
  name: "rounds-due-sweep",
  everyMs: 60 * 1000,
  run: () => service.sweep(),
});
