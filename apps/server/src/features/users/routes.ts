import { authApi } from "@eitheror/shared/auth/contract";
import type { FastifyPluginAsync } from "fastify";
import { addOperation } from "../../lib/http/operation";
import type { UsersService } from "./service";

export const usersRoutes: FastifyPluginAsync<{ service: UsersService }> = async (
  app,
  { service },
) => {
  addOperation(app, authApi.user, async (request) => ({
    data: { userData: await service.profiles.get(await request.signedIn(), request.params.id) },
  }));

  addOperation(app, authApi.newUserProperties, async (request) => ({
    data: { userData: await service.profiles.createProperties(await request.signedIn()) },
  }));

  addOperation(app, authApi.updateUserProperties, async (request) => ({
    data: { userData: await service.profiles.updateProperties(await request.signedIn()) },
  }));

  addOperation(app, authApi.checkAdmin, async (request) => ({
    data: { isAdmin: service.profiles.isProductAdmin(await request.signedIn()) },
  }));
};
