import { roundsApi } from "@eitheror/shared/rounds/contract";
import type { FastifyPluginAsync } from "fastify";
import { addOperation } from "../../lib/operation";
import type { RoundsService } from "./service";

export const roundsRoutes: FastifyPluginAsync<{ service: RoundsService }> = async (
  app,
  { service },
) => {
  addOperation(app, roundsApi.startFirst, async (request) => {
    const viewer = await request.requireViewer();
    return { data: { dilemmaData: await service.startFirst(viewer, request.params.id) } };
  });

  addOperation(app, roundsApi.current, async (request) => {
    const viewer = await request.requireViewer();
    return { data: { dilemmaData: await service.current(viewer, request.params.id) } };
  });

  addOperation(app, roundsApi.currentOfMine, async (request) => ({
    data: { roundsData: await service.currentOfMine(await request.requireViewer()) },
  }));

  addOperation(app, roundsApi.vote, async (request) => {
    const { id, roundId } = request.params;
    const viewer = await request.requireViewer();
    const vote = await service.vote(viewer, id, roundId, request.body, request.ip);
    return { data: { vote } };
  });

  addOperation(app, roundsApi.submit, async (request) => {
    const { id, roundId } = request.params;
    return { data: await service.submit(await request.requireViewer(), id, roundId, request.ip) };
  });

  addOperation(app, roundsApi.leaderboard, async (request) => {
    const viewer = await request.requireViewer();
    return { data: { leaderboardData: await service.leaderboard(viewer, request.params.id) } };
  });

  addOperation(app, roundsApi.archived, async (request) => {
    const viewer = await request.requireViewer();
    return { data: { roundsData: await service.archived(viewer, request.params.id) } };
  });

  addOperation(app, roundsApi.round, async (request) => {
    const { id, roundId } = request.params;
    return { data: { roundData: await service.round(await request.requireViewer(), id, roundId) } };
  });

  addOperation(app, roundsApi.votes, async (request) => {
    const { id, roundId } = request.params;
    return { data: { votesData: await service.votes(await request.requireViewer(), id, roundId) } };
  });
};
