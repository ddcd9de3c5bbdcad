import { opsApi } from "@eitheror/shared/api/health";
import type { FastifyPluginAsync } from "fastify";
import type { Clock } from "../../lib/clock";
import { addOperation } from "../../lib/operation";
import type { JobRunner } from "../jobs/service";

/**
 * Registered only with APP_ENV=test: moves the app's clock forward, then runs every
 * job due at the new time before it answers, so tests never wait for a tick.
 */
export const testClockRoutes: FastifyPluginAsync<{ clock: Clock; jobs: JobRunner }> = async (
  app,
  { clock, jobs },
) => {
  addOperation(app, opsApi.testClock, async (request) => {
    const now = clock.advance(request.body.advanceMs);
    if (request.body.runJobs) await jobs.runDue();
    return { data: { now: now.toISOString() } };
  });
};
