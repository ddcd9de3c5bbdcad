import { dilemmasApi } from "@eitheror/shared/dilemmas/contract";
import type { FastifyPluginAsync } from "fastify";
import { addOperation } from "../../lib/http/operation";
import type { DilemmasService } from "./service";

export const dilemmasRoutes: FastifyPluginAsync<{ service: DilemmasService }> = async (
  app,
  { service },
) => {
  addOperation(app, dilemmasApi.generate, async (request) => ({
    data: await service.generate(await request.signedIn()),
  }));

  addOperation(app, dilemmasApi.add, async (request) => ({
    data: { dilemma: await service.add(await request.signedIn(), request.body) },
  }));

  addOperation(app, dilemmasApi.bank, async (request) => ({
    data: { bankData: await service.stats(await request.signedIn()) },
  }));
};
