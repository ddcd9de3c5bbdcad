import { authApi } from "@eitheror/shared/auth/contract";
import type { FastifyPluginAsync } from "fastify";
import { addOperation } from "../../lib/http/operation";
import type { AuthService } from "./service";

export const authRoutes: FastifyPluginAsync<{ service: AuthService }> = async (
  app,
  { service },
) => {
  addOperation(app, authApi.sendEmailLink, async (request) => {
    const { email, actionCodeSettings } = request.body;
    return {
      data: await service.links.sendSignInLink({
        email,
        continueUrl: actionCodeSettings.url,
        ip: request.ip,
        deviceCookie: request.cookies[service.deviceCookieName],
      }),
    };
  });

  addOperation(app, authApi.completeEmailLink, async (request, reply) => {
    const { userData, setCookies } = await service.complete({
      ...request.body,
      viewer: await request.viewer(),
      ip: request.ip,
      headers: new Headers({ "user-agent": request.headers["user-agent"] ?? "" }),
      deviceCookie: request.cookies[service.deviceCookieName],
    });
    for (const cookie of setCookies) reply.header("set-cookie", cookie);
    return { data: { userData } };
  });

  addOperation(app, authApi.sendEmailChange, async (request) => {
    const viewer = await request.signedIn();
    return {
      data: await service.links.sendEmailChangeLink(viewer, request.body.email, request.ip),
    };
  });
};
