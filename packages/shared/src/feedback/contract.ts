import { defineOperation } from "../api/contract";
import {
  feedbackBodySchema,
  feedbackCreatedResponseSchema,
  feedbackInboxResponseSchema,
  feedbackPageQuerySchema,
} from "./schema";

export const feedbackApi = {
  create: defineOperation({
    method: "POST",
    path: "/feedback/create",
    summary: "Send the team feedback (signed-in people; a few an hour)",
    tags: ["feedback"],
    body: feedbackBodySchema,
    response: feedbackCreatedResponseSchema,
  }),
  /** The product admin's alone: refused (403) to anyone else. */
  inbox: defineOperation({
    method: "GET",
    path: "/admin/feedback",
    summary: "Feedback, newest first, a page at a time",
    tags: ["admin"],
    query: feedbackPageQuerySchema,
    response: feedbackInboxResponseSchema,
  }),
};
