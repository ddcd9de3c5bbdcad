import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * One row per background job: when it is next due. An instance runs a job only
 * after moving `next_run_at` on in one UPDATE, so N instances run it once.
 */
export const jobRuns = pgTable("job_runs", {
  name: text("name").primaryKey(),
  nextRunAt: timestamp("next_run_at", { withTimezone: true }).notNull(),
  lastRunAt: timestamp("last_run_at", { withTimezone: true }),
});
