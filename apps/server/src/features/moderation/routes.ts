import { moderationApi } from "@eitheror/shared/moderation/contract";
import type { FastifyPluginAsync } from "fastify";
import { addOperation } from "../../lib/http/operation";
import type { ModerationService } from "./service";

export const moderationRoutes: FastifyPluginAsync<{ service: ModerationService }> = async (
  app,
  { service },
) => {
  addOperation(app, moderationApi.report, async (request) => {
    const { id, roundId } = request.params;
    const viewer = await request.signedIn();
    return { data: { report: await service.groups.report(viewer, id, roundId, request.body) } };
  });

  addOperation(app, moderationApi.hideComment, async (request) => {
    const { id, roundId } = request.params;
    await service.groups.hideComment(await request.signedIn(), id, roundId, request.body);
    return { data: { done: true as const } };
  });

  addOperation(app, moderationApi.queue, async (request) => ({
    data: { reports: await service.queue.queue(await request.signedIn()) },
  }));

  addOperation(app, moderationApi.dismiss, async (request) => {
    await service.queue.dismiss(await request.signedIn(), request.params.reportId);
    return { data: { done: true as const } };
  });

  addOperation(app, moderationApi.hide, async (request) => {
    await service.queue.hide(await request.signedIn(), request.params.reportId);
    return { data: { done: true as const } };
  });

  addOperation(app, moderationApi.log, async (request) => ({
    data: { entries: await service.queue.log(await request.signedIn()) },
  }));
};
