import { defineOperation } from "../api/contract";
import { roundParamsSchema } from "../rounds/schema";
import {
  commentKeySchema,
  moderatedResponseSchema,
  moderationLogResponseSchema,
  reportBodySchema,
  reportCreatedResponseSchema,
  reportParamsSchema,
  reportsResponseSchema,
} from "./schema";

/**
 * Reports and moderation (decision 0077): members report a closed round's
 * dilemma or comments; the group's admin hides comments; the product admin
 * works the queue. Every action is written to the moderation log.
 */
export const moderationApi = {
  report: defineOperation({
    method: "POST",
    path: "/groups/:id/rounds/:roundId/reports",
    summary: "Report a closed round's dilemma or one of its comments, with a reason (members)",
    tags: ["rounds"],
    params: roundParamsSchema,
    body: reportBodySchema,
    response: reportCreatedResponseSchema,
  }),
  hideComment: defineOperation({
    method: "POST",
    path: "/groups/:id/rounds/:roundId/comments/hide",
    summary: "Hide a comment of a closed round from the group (its admin)",
    tags: ["rounds"],
    params: roundParamsSchema,
    body: commentKeySchema,
    response: moderatedResponseSchema,
  }),
  /** The product admin's alone, as every /admin route: refused (403) to anyone else. */
  queue: defineOperation({
    method: "GET",
    path: "/admin/moderation/reports",
    summary: "Open reports, oldest first",
    tags: ["admin"],
    response: reportsResponseSchema,
  }),
  dismiss: defineOperation({
    method: "POST",
    path: "/admin/moderation/reports/:reportId/dismiss",
    summary: "Dismiss a report: nothing is hidden",
    tags: ["admin"],
    params: reportParamsSchema,
    response: moderatedResponseSchema,
  }),
  hide: defineOperation({
    method: "POST",
    path: "/admin/moderation/reports/:reportId/hide",
    summary:
      "Hide what a report names: a dilemma is never drawn again (past rounds keep it), a comment shows as hidden",
    tags: ["admin"],
    params: reportParamsSchema,
    response: moderatedResponseSchema,
  }),
  log: defineOperation({
    method: "GET",
    path: "/admin/moderation/log",
    summary: "The newest moderation actions: who did what, when",
    tags: ["admin"],
    response: moderationLogResponseSchema,
  }),
};
