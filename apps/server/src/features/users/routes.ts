import { errorEnvelopeSchema } from "@eitheror/shared/api/envelope";
import {
  newUserPropertiesBodySchema,
  userDataResponseSchema,
  userParamsSchema,
} from "@eitheror/shared/identity/schema";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { UsersService } from "./service";

const tags = ["users"];
const response = { 200: userDataResponseSchema, "4xx": errorEnvelopeSchema };

export const usersRoutes: FastifyPluginAsyncZod<{ service: UsersService }> = async (
  app,
  { service },
) => {
  app.get(
    "/users/:id",
    {
      schema: {
        tags,
        summary: "A user's profile; e-mail and account flags only for oneself",
        params: userParamsSchema,
        response,
      },
    },
    async (request) => ({
      data: { userData: await service.get(await request.requireViewer(), request.params.id) },
    }),
  );

  app.post(
    "/new-user-properties",
    {
      schema: {
        tags,
        summary: "Finish signing up after the details screen; answers the saved profile",
        body: newUserPropertiesBodySchema,
        response,
      },
    },
    async (request) => ({
      data: { userData: await service.createProperties(await request.requireViewer()) },
    }),
  );

  app.put(
    "/update-user-properties",
    {
      schema: {
        tags,
        summary: "After a profile save; answers the saved profile",
        body: z.object({}).optional(),
        response,
      },
    },
    async (request) => ({
      data: { userData: await service.updateProperties(await request.requireViewer()) },
    }),
  );
};
