import { z } from "zod";
import { defineOperation } from "./contract";

export const healthResponseSchema = z.object({ status: z.literal("ok") });
export const readyResponseSchema = z.object({ status: z.enum(["ready", "unavailable"]) });

/** Operations for whoever runs the service: a load balancer, a test run. */
export const opsApi = {
  health: defineOperation({
    method: "GET",
    path: "/health",
    summary: "The process is up",
    tags: ["ops"],
    response: healthResponseSchema,
  }),
  ready: defineOperation({
    method: "GET",
    path: "/ready",
    summary: "The database answers (503 when it does not)",
    tags: ["ops"],
    response: readyResponseSchema,
    otherResponses: { 503: readyResponseSchema },
  }),
  /** Exists only with APP_ENV=test. */
  testClock: defineOperation({
    method: "POST",
    path: "/test/clock",
    summary: "Move the server clock forward and run every job then due (APP_ENV=test only)",
    tags: ["test"],
    body: z.object({
      advanceMs: z
        .number()
        .int()
        .min(0)
        .max(10 * 365 * 24 * 60 * 60 * 1000),
      /** False: only move the clock (a test of what happens before any job ran). */
      runJobs: z.boolean().default(true),
    }),
    response: z.object({ data: z.object({ now: z.string() }) }),
  }),
};
