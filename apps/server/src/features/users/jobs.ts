import type { JobDefinition } from "../jobs/service";
import type { UsersService } from "./service";

/** Hourly: forgets guests who can never come back. */
export const guestCleanupJob = (users: UsersService): JobDefinition => ({
  name: "guest-cleanup",
  everyMs: 60 * 60 * 1000,
  run: () => users.accounts.pruneGuests(),
});
