import type { JobDefinition } from "../jobs/service";
import type { GlobalDilemmaService } from "./service";

/**
 * Picks each day's dilemma shortly after midnight UTC, so the first visitor of the
 * day does not pay for it. Requests still pick it themselves if this has not run.
 */
export const dailyPickJob = (service: GlobalDilemmaService): JobDefinition => ({
  name: "daily-dilemma-pick",
  everyMs: 5 * 60 * 1000,
  run: () => service.today(),
});
