import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { clock } from "../../lib/clock";

const MAX_ADVANCE_MS = 10 * 365 * 24 * 60 * 60 * 1000;

/** Registered only with APP_ENV=test: lets tests move time forward. */
export const testClockRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/test/clock",
    {
      schema: {
        tags: ["test"],
        summary: "Move the server clock forward (APP_ENV=test only)",
        body: z.object({ advanceMs: z.number().int().min(0).max(MAX_ADVANCE_MS) }),
        response: { 200: z.object({ data: z.object({ now: z.string() }) }) },
      },
    },
    async (request) => ({ data: { now: clock.advance(request.body.advanceMs).toISOString() } }),
  );
};
