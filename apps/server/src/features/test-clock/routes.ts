import { opsApi } from "@eitheror/shared/api/health";
import type { FastifyPluginAsync } from "fastify";
import type { Clock } from "../../lib/clock";
import { forbidden } from "../../lib/http/errors";
import { addOperation } from "../../lib/http/operation";
import { fromThisMachine } from "../../lib/http/this-machine";
import type { JobRunner } from "../jobs/service";

/**
 * Registered only with APP_ENV=test: moves the app's clock forward, then runs every
 * job due at the new time before it answers, so tests never wait for a tick. Only
 * for a program on this machine, whatever address the server listens on.
 */
export const testClockRoutes: FastifyPluginAsync<{ clock: Clock; jobs: JobRunner }> = async (
  app,
  { clock, jobs },
) => {
  addOperation(app, opsApi.testClock, async (request) => {
    if (!fromThisMachine(request)) throw forbidden("The test clock moves only from this machine.");
    const now = clock.advance(request.body.advanceMs);
    if (request.body.runJobs) await jobs.runDue();
    return { data: { now: now.toISOString() } };
  });
};
