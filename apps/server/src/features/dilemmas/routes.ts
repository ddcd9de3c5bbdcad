import { dilemmasApi } from "@eitheror/shared/dilemmas/contract";
import { proposalsApi } from "@eitheror/shared/dilemmas/proposals-contract";
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

  const { proposals } = service;
  addOperation(app, proposalsApi.propose, async (request) => ({
    data: {
      proposal: await proposals.propose(await request.signedIn(), request.params.id, request.body),
    },
  }));

  addOperation(app, proposalsApi.list, async (request) => ({
    data: { proposals: await proposals.list(await request.signedIn(), request.params.id) },
  }));

  addOperation(app, proposalsApi.approve, async (request) => {
    const { id, proposalId } = request.params;
    return {
      data: { proposal: await proposals.approve(await request.signedIn(), id, proposalId) },
    };
  });

  addOperation(app, proposalsApi.reject, async (request) => {
    const { id, proposalId } = request.params;
    return { data: { proposal: await proposals.reject(await request.signedIn(), id, proposalId) } };
  });
};
