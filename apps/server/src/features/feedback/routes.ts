import { feedbackApi } from "@eitheror/shared/feedback/contract";
import type { FastifyPluginAsync } from "fastify";
import { addOperation } from "../../lib/http/operation";
import type { FeedbackService } from "./service";

export const feedbackRoutes: FastifyPluginAsync<{ service: FeedbackService }> = async (
  app,
  { service },
) => {
  addOperation(app, feedbackApi.create, async (request) => {
    const viewer = await request.signedIn();
    return { data: await service.send(viewer, request.body.feedback) };
  });

  addOperation(app, feedbackApi.inbox, async (request) => ({
    data: await service.inbox(await request.signedIn(), request.query.page, request.query.q),
  }));

  addOperation(app, feedbackApi.done, async (request) => {
    await service.markDone(await request.signedIn(), request.params.feedbackId);
    return { data: { done: true as const } };
  });

  addOperation(app, feedbackApi.remove, async (request) => {
    await service.remove(await request.signedIn(), request.params.feedbackId);
    return { data: { done: true as const } };
  });
};
