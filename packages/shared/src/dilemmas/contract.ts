import { defineOperation } from "../api/contract";
import {
  addDilemmaResponseSchema,
  bankStatsResponseSchema,
  dilemmaTextSchema,
  generateResponseSchema,
} from "./schema";

const tags = ["admin"];

/** The dilemma bank's operations, the product admin's alone: refused (403) to anyone else. */
export const dilemmasApi = {
  generate: defineOperation({
    method: "POST",
    path: "/admin/manually-generate-dilemmas",
    summary: "Ask the configured generator for new dilemmas; answers how many were added",
    tags,
    response: generateResponseSchema,
  }),
  add: defineOperation({
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
};
