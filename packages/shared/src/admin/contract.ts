import { defineOperation } from "../api/contract";
import {
  addDilemmaResponseSchema,
  bankStatsResponseSchema,
  dilemmaTextSchema,
  generateResponseSchema,
} from "../dilemmas/schema";
import { feedbackInboxResponseSchema, feedbackPageQuerySchema } from "../feedback/schema";

const tags = ["admin"];

/** The product admin's operations: every one is refused (403) to anyone else. */
export const adminApi = {
  generateDilemmas: defineOperation({
    method: "POST",
    path: "/admin/manually-generate-dilemmas",
    summary: "Ask the configured generator for new dilemmas; answers how many were added",
    tags,
    response: generateResponseSchema,
  }),
  addDilemma: defineOperation({
    method: "POST",
    path: "/admin/dilemmas",
    summary: "Add one dilemma by hand (409 when the bank has it already)",
    tags,
    body: dilemmaTextSchema,
    response: addDilemmaResponseSchema,
  }),
  bank: defineOperation({
    method: "GET",
    path: "/admin/dilemmas/stats",
    summary: "The dilemma bank's figures",
    tags,
    response: bankStatsResponseSchema,
  }),
  feedbackInbox: defineOperation({
    method: "GET",
    path: "/admin/feedback",
    summary: "Feedback, newest first, a page at a time",
    tags,
    query: feedbackPageQuerySchema,
    response: feedbackInboxResponseSchema,
  }),
};
