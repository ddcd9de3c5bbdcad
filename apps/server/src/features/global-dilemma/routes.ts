import { globalDilemmaApi } from "@eitheror/shared/global-dilemma/contract";
import type { FastifyPluginAsync } from "fastify";
import { addOperation, sharedAnswer } from "../../lib/http/operation";
import type { GlobalDilemmaService } from "./service";

export const globalDilemmaRoutes: FastifyPluginAsync<{ service: GlobalDilemmaService }> = async (
  app,
  { service },
) => {
  // The landing page's reads: a few hundred bytes, the hottest paths (no compression hook).
  const todayAnswer = sharedAnswer(globalDilemmaApi.today);
  addOperation(
    app,
    globalDilemmaApi.today,
    async (_request, reply) => {
      const view = await service.todayView();
      return todayAnswer(reply, view, () => ({
        data: { globalDilemmaData: view.today, yesterdayData: view.yesterday },
      }));
    },
    { small: true },
  );

  // Everyone of a batch who chose the same gets the same answer: serialised once.
  const chosen = {
    A: sharedAnswer(globalDilemmaApi.select),
    B: sharedAnswer(globalDilemmaApi.select),
  };
  addOperation(app, globalDilemmaApi.select, async (request, reply) => {
    const { option } = request.body;
    const data = await service.select(request.caller, request.params.id, option);
    return chosen[option](reply, data.globalDilemmaData, () => ({ data }));
  });

  addOperation(
    app,
    globalDilemmaApi.selection,
    async (request) => ({ data: await service.selectionOf(request.caller, request.params.id) }),
    { small: true },
  );

  addOperation(app, globalDilemmaApi.day, async (request) => ({
    data: await service.day(request.params.day),
  }));
};
