import { defineOperation } from "../api/contract";
import {
  dayParamsSchema,
  getDayResponseSchema,
  getGlobalDilemmaResponseSchema,
  getSelectionResponseSchema,
  globalDilemmaParamsSchema,
  postSelectionBodySchema,
  postSelectionResponseSchema,
} from "./schema";

const tags = ["global dilemma"];

export const globalDilemmaApi = {
  today: defineOperation({
    method: "GET",
    path: "/dilemmas/global",
    summary: "Today's global dilemma (UTC day) with its counts",
    tags,
    response: getGlobalDilemmaResponseSchema,
  }),
  select: defineOperation({
    method: "POST",
    path: "/dilemmas/global/:id/selection",
    summary: "Choose A or B (again, to change the choice); needs a session, anonymous is fine",
    tags,
    params: globalDilemmaParamsSchema,
    body: postSelectionBodySchema,
    response: postSelectionResponseSchema,
  }),
  selection: defineOperation({
    method: "GET",
    path: "/dilemmas/global/:id/selection",
    summary: "The caller's choice (null before choosing) and the current counts",
    tags,
    params: globalDilemmaParamsSchema,
    response: getSelectionResponseSchema,
  }),
  day: defineOperation({
    method: "GET",
    path: "/dilemmas/global/days/:day",
    summary:
      "One UTC day's global dilemma with its split (today's too); 404 for a day without one or still to come",
    tags,
    params: dayParamsSchema,
    response: getDayResponseSchema,
  }),
};
