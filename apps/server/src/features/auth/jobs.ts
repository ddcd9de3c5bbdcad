import type { JobDefinition } from "../jobs/service";
import type { AuthService } from "./service";

/** Hourly: forgets sign-in tokens a day after they expired. */
export const tokenCleanupJob = (service: AuthService): JobDefinition => ({
  name: "sign-in-token-cleanup",
  everyMs: 60 * 60 * 1000,
  run: () => service.prune(),
});
