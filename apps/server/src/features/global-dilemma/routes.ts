import { errorEnvelopeSchema } from "@eitheror/shared/api/envelope";
import {
  getGlobalDilemmaResponseSchema,
  getSelectionResponseSchema,
  globalDilemmaParamsSchema,
  postSelectionBodySchema,
  postSelectionResponseSchema,
} from "@eitheror/shared/global-dilemma/schema";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { GlobalDilemmaService } from "./service";

const tags = ["global dilemma"];

export const globalDilemmaRoutes: FastifyPluginAsyncZod<{ service: GlobalDilemmaService }> = async (
  app,
  { service },
) => {
  app.get(
    "/dilemmas/global",
    {
      schema: {
        tags,
        summary: "Today's global dilemma (UTC day) with its counts",
        response: { 200: getGlobalDilemmaResponseSchema, "4xx": errorEnvelopeSchema },
      },
    },
    async () => ({ data: { globalDilemmaData: await service.today() } }),
  );

  app.post(
    "/dilemmas/global/:id/selection",
    {
      schema: {
        tags,
        summary: "Choose A or B (again, to change the choice); needs a session, anonymous is fine",
        params: globalDilemmaParamsSchema,
        body: postSelectionBodySchema,
        response: { 200: postSelectionResponseSchema, "4xx": errorEnvelopeSchema },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer();
      return { data: await service.select(viewer, request.params.id, request.body.option) };
    },
  );

  app.get(
    "/dilemmas/global/:id/selection",
    {
      schema: {
        tags,
        summary: "The caller's choice (null before choosing) and the current counts",
        params: globalDilemmaParamsSchema,
        response: { 200: getSelectionResponseSchema, "4xx": errorEnvelopeSchema },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer();
      return { data: await service.selectionOf(viewer, request.params.id) };
    },
  );
};
