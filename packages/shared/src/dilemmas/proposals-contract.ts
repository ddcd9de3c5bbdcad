import { defineOperation } from "../api/contract";
import { groupParamsSchema } from "../groups/schema";
import {
  proposalBodySchema,
  proposalParamsSchema,
  proposalResponseSchema,
  proposalsResponseSchema,
} from "./proposals";

const tags = ["groups"];

/**
 * A group's own dilemmas (decision 0077): members propose, the group's admin
 * approves or rejects. Strangers never learn the group exists (404).
 */
export const proposalsApi = {
  propose: defineOperation({
    method: "POST",
    path: "/groups/:id/dilemmas/proposals",
    summary:
      "Propose a dilemma to the group (members; approved at once when the group says so; a few a day)",
    tags,
    params: groupParamsSchema,
    body: proposalBodySchema,
    response: proposalResponseSchema,
  }),
  list: defineOperation({
    method: "GET",
    path: "/groups/:id/dilemmas/proposals",
    summary: "Pending proposals: every one for the group's admin, their own for a member",
    tags,
    params: groupParamsSchema,
    response: proposalsResponseSchema,
  }),
  approve: defineOperation({
    method: "POST",
    path: "/groups/:id/dilemmas/proposals/:proposalId/approve",
    summary: "Approve a pending proposal: the group's next rounds draw it first (its admin)",
    tags,
    params: proposalParamsSchema,
    response: proposalResponseSchema,
  }),
  reject: defineOperation({
    method: "POST",
    path: "/groups/:id/dilemmas/proposals/:proposalId/reject",
    summary: "Reject a pending proposal (its admin)",
    tags,
    params: proposalParamsSchema,
    response: proposalResponseSchema,
  }),
};
