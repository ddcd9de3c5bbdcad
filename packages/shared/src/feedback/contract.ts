import { defineOperation } from "../api/contract";
import {
  feedbackBodySchema,
  feedbackChangedResponseSchema,
  feedbackCreatedResponseSchema,
  feedbackInboxResponseSchema,
  feedbackPageQuerySchema,
  feedbackParamsSchema,
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
    summary: "Feedback, newest first, a page at a time; `q` searches it",
    tags: ["admin"],
    query: feedbackPageQuerySchema,
    response: feedbackInboxResponseSchema,
  }),
  /** The product admin's alone. */
  done: defineOperation({
    method: "POST",
    path: "/admin/feedback/:feedbackId/done",
    summary: "Mark feedback done",
    tags: ["admin"],
    params: feedbackParamsSchema,
    response: feedbackChangedResponseSchema,
  }),
  /** The product admin's alone. */
  remove: defineOperation({
    method: "DELETE",
    path: "/admin/feedback/:feedbackId",
    summary: "Delete feedback for good",
    tags: ["admin"],
    params: feedbackParamsSchema,
    response: feedbackChangedResponseSchema,
  }),
};
