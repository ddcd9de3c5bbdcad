import { opsApi } from "@eitheror/shared/api/health";
import type { FastifyPluginAsync } from "fastify";
import { addOperation } from "../../lib/operation";

export const healthRoutes: FastifyPluginAsync<{ ping: () => Promise<boolean> }> = async (
  app,
  { ping },
) => {
  addOperation(app, opsApi.health, async () => ({ status: "ok" as const }));
  addOperation(app, opsApi.ready, async (_request, reply) =>
    (await ping())
      ? { status: "ready" as const }
      : reply.status(503).send({ status: "unavailable" as const }),
  );
};
