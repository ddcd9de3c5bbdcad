import { adminApi } from "@eitheror/shared/admin/contract";
import { feedbackApi } from "@eitheror/shared/feedback/contract";
import type { FastifyPluginAsync } from "fastify";
import { addOperation } from "../../lib/operation";
import type { FeedbackService } from "./service";

export const feedbackRoutes: FastifyPluginAsync<{ service: FeedbackService }> = async (
  app,
  { service },
) => {
  addOperation(app, feedbackApi.create, async (request) => {
    const viewer = await request.signedIn();
    return { data: await service.send(viewer, request.body.feedback) };
  });

  addOperation(app, adminApi.feedbackInbox, async (request) => ({
    data: await service.inbox(await request.signedIn(), request.query.page),
  }));
};
