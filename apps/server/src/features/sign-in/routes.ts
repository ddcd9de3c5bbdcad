import { errorEnvelopeSchema } from "@eitheror/shared/api/envelope";
import {
  completeEmailLinkBodySchema,
  sendEmailChangeBodySchema,
  sendEmailLinkBodySchema,
  sendEmailLinkResponseSchema,
  userDataResponseSchema,
} from "@eitheror/shared/identity/schema";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { SignInService } from "./service";

const tags = ["sign-in"];

export const signInRoutes: FastifyPluginAsyncZod<{ service: SignInService }> = async (
  app,
  { service },
) => {
  app.post(
    "/sign-in/email-link/send",
    {
      schema: {
        tags,
        summary: "E-mail a sign-in link (same answer for known and unknown addresses)",
        body: sendEmailLinkBodySchema,
        response: { 200: sendEmailLinkResponseSchema, "4xx": errorEnvelopeSchema },
      },
    },
    async (request) => {
      const { email, actionCodeSettings } = request.body;
      return {
        data: await service.sendSignInLink({
          email,
          continueUrl: actionCodeSettings.url,
          ip: request.ip,
        }),
      };
    },
  );

  app.post(
    "/sign-in/email-link/complete",
    {
      schema: {
        tags,
        summary: "Complete an e-mailed link with its token and address; starts the session",
        body: completeEmailLinkBodySchema,
        response: { 200: userDataResponseSchema, "4xx": errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const { userData, setCookies } = await service.complete({
        ...request.body,
        viewer: await request.viewer(),
        ip: request.ip,
        headers: new Headers({ "user-agent": request.headers["user-agent"] ?? "" }),
      });
      for (const cookie of setCookies) reply.header("set-cookie", cookie);
      return { data: { userData } };
    },
  );

  app.post(
    "/email-change/send",
    {
      schema: {
        tags,
        summary: "E-mail a link that moves the caller's account to a new address",
        body: sendEmailChangeBodySchema,
        response: { 200: sendEmailLinkResponseSchema, "4xx": errorEnvelopeSchema },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer();
      return { data: await service.sendEmailChangeLink(viewer, request.body.email, request.ip) };
    },
  );
};
