import type { JobDefinition } from "../jobs/service";
import type { RateLimiter } from "./service";

/** Hourly: forgets finished rate windows. */
export const rateWindowCleanupJob = (limiter: RateLimiter): JobDefinition => ({
  name: "rate-window-cleanup",
  everyMs: 60 * 60 * 1000,
  run: () => limiter.prune(),
});
