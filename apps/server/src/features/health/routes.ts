import { healthResponseSchema, readyResponseSchema } from "@eitheror/shared/api/health";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

export const healthRoutes: FastifyPluginAsyncZod<{ ping: () => Promise<boolean> }> = async (
  app,
  { ping },
) => {
  app.get(
    "/health",
    {
      schema: {
        tags: ["ops"],
        summary: "The process is up",
        response: { 200: healthResponseSchema },
      },
    },
    async () => ({ status: "ok" as const }),
  );
  app.get(
    "/ready",
    {
      schema: {
        tags: ["ops"],
        summary: "The database answers",
        response: { 200: readyResponseSchema, 503: readyResponseSchema },
      },
    },
    async (_request, reply) =>
      (await ping())
        ? { status: "ready" as const }
        : reply.status(503).send({ status: "unavailable" as const }),
  );
};
