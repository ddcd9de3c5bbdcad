import type { Clock } from "../../lib/clock";
import type { Db } from "../../lib/db";
import { claimDueRun, ensureJob } from "./data";

/** Background work of a feature, declared in its jobs.ts. */
export interface JobDefinition {
  /** Unique across the app: the row that says when it is next due. */
  name: string;
  everyMs: number;
  run(): Promise<unknown>;
}

/** How often each instance looks for due jobs. */
const TICK_MS = 30_000;

/**
 * Runs each job once per period across every instance on the database: an
 * instance runs a job only after claiming its due run (features/jobs/data.ts).
 * A failed run is logged and waits for its next period.
 */
export function createJobRunner({
  db,
  clock,
  log,
}: {
  db: Db;
  clock: Clock;
  log: { warn(details: object, message: string): void };
}) {
  const jobs: JobDefinition[] = [];
  const running = new Set<string>();
  let timer: ReturnType<typeof setInterval> | undefined;

  async function runIfDue(job: JobDefinition) {
    // A slow run is not started again by this instance's next tick.
    if (running.has(job.name)) return;
    running.add(job.name);
    try {
      const now = clock.now();
      await ensureJob(db, job.name, now);
      const nextRunAt = new Date(now.getTime() + job.everyMs);
      if (await claimDueRun(db, { name: job.name, now, nextRunAt })) await job.run();
    } catch (err) {
      log.warn({ err, job: job.name }, "background job failed");
    } finally {
      running.delete(job.name);
    }
  }

  const runner = {
    register(...definitions: JobDefinition[]) {
      jobs.push(...definitions);
    },
    /** Runs every job that is due now, one after another. */
    async runDue() {
      for (const job of jobs) await runIfDue(job);
    },
    start() {
      timer = setInterval(() => void runner.runDue(), TICK_MS);
      timer.unref();
      void runner.runDue();
    },
    stop() {
      clearInterval(timer);
    },
  };
  return runner;
}

export type JobRunner = ReturnType<typeof createJobRunner>;
