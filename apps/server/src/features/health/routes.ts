import { opsApi } from "@eitheror/shared/api/health";
import type { FastifyPluginAsync } from "fastify";
import { addOperation } from "../../lib/http/operation";

/** `ready`: the database answers and the instance is not stopping (server.ts). */
export const healthRoutes: FastifyPluginAsync<{ ready: () => Promise<boolean> }> = async (
  app,
  { ready },
) => {
  addOperation(app, opsApi.health, async () => ({ status: "ok" as const }));
  addOperation(app, opsApi.ready, async (_request, reply) =>
    (await ready())
      ? { status: "ready" as const }
      : reply.status(503).send({ status: "unavailable" as const }),
  );
};
