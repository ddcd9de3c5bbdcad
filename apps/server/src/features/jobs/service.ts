import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { claimDueRun, ensureJob, nextRuns } from "./data";

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
  let timer: ReturnType<typeof setInterval> | undefined;
  let current: Promise<void> = Promise.resolve();
  let busy = false;
  let stopped = false;

  async function runIfDue(job: JobDefinition) {
    try {
      const now = clock.now();
      await ensureJob(db, job.name, now);
      const nextRunAt = new Date(now.getTime() + job.everyMs);
      if (await claimDueRun(db, { name: job.name, now, nextRunAt })) await job.run();
    } catch (err) {
      log.warn({ err, job: job.name }, "background job failed");
    }
  }

  const runner = {
    register(...definitions: JobDefinition[]) {
      jobs.push(...definitions);
    },
    /**
     * Runs every job that is due now, one after another. Runs of one instance
     * queue behind each other: a slow run is never started twice.
     */
    runDue(): Promise<void> {
      const run = current.then(async () => {
        busy = true;
        for (const job of jobs) if (!stopped) await runIfDue(job);
        busy = false;
      });
      current = run;
      return run;
    },
    start() {
      // A tick that finds the last run still going lets it be.
      timer = setInterval(() => busy || void runner.runDue(), TICK_MS);
      timer.unref();
      void runner.runDue();
    },
    /**
     * How long past due each job's next run is, by any instance (0: not due yet):
     * a lag that keeps growing means no instance is running the jobs.
     */
    async lag(): Promise<{ job: string; lagSeconds: number }[]> {
      const now = clock.now().getTime();
      const runs = await nextRuns(
        db,
        jobs.map((job) => job.name),
      );
      return runs.map(({ name, nextRunAt }) => ({
        job: name,
        lagSeconds: Math.max(0, (now - nextRunAt.getTime()) / 1000),
      }));
    },
    /** No new runs; resolves once a run under way has finished, so the database can close. */
    async stop() {
      stopped = true;
      clearInterval(timer);
      await current;
    },
  };
  return runner;
}

export type JobRunner = ReturnType<typeof createJobRunner>;
