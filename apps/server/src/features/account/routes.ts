import { errorEnvelopeSchema } from "@eitheror/shared/api/envelope";
import { checkAdminResponseSchema } from "@eitheror/shared/identity/schema";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AccountService } from "./service";

export const accountRoutes: FastifyPluginAsyncZod<{ service: AccountService }> = async (
  app,
  { service },
) => {
  app.get(
    "/check-admin",
    {
      schema: {
        tags: ["account"],
        summary: "Whether the caller is a product admin",
        response: { 200: checkAdminResponseSchema, "4xx": errorEnvelopeSchema },
      },
    },
    async (request) => ({ data: { isAdmin: service.isAdmin(await request.requireViewer()) } }),
  );
};
