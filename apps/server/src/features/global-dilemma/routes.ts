import { globalDilemmaApi } from "@eitheror/shared/global-dilemma/contract";
import type { FastifyPluginAsync } from "fastify";
import { addOperation } from "../../lib/operation";
import type { GlobalDilemmaService } from "./service";

export const globalDilemmaRoutes: FastifyPluginAsync<{ service: GlobalDilemmaService }> = async (
  app,
  { service },
) => {
  addOperation(app, globalDilemmaApi.today, async () => ({
    data: { globalDilemmaData: await service.today() },
  }));

  addOperation(app, globalDilemmaApi.select, async (request) => {
    const viewer = await request.requireViewer();
    return { data: await service.select(viewer, request.params.id, request.body.option) };
  });

  addOperation(app, globalDilemmaApi.selection, async (request) => {
    const viewer = await request.requireViewer();
    return { data: await service.selectionOf(viewer, request.params.id) };
  });
};
