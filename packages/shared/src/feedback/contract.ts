import { defineOperation } from "../api/contract";
import { feedbackBodySchema, feedbackCreatedResponseSchema } from "./schema";

export const feedbackApi = {
  create: defineOperation({
    method: "POST",
    path: "/feedback/create",
    summary: "Send the team feedback (anyone with a session; a few an hour)",
    tags: ["feedback"],
    body: feedbackBodySchema,
    response: feedbackCreatedResponseSchema,
  }),
};
