import { adminApi } from "@eitheror/shared/admin/contract";
import type { FastifyPluginAsync } from "fastify";
import { addOperation } from "../../lib/operation";
import type { DilemmasService } from "./service";

export const dilemmasRoutes: FastifyPluginAsync<{ service: DilemmasService }> = async (
  app,
  { service },
) => {
  addOperation(app, adminApi.generateDilemmas, async (request) => ({
    data: await service.generate(await request.signedIn()),
  }));

  addOperation(app, adminApi.addDilemma, async (request) => ({
    data: { dilemma: await service.add(await request.signedIn(), request.body) },
  }));

  addOperation(app, adminApi.bank, async (request) => ({
    data: { bankData: await service.stats(await request.signedIn()) },
  }));
};
