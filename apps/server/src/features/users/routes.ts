import { identityApi } from "@eitheror/shared/identity/contract";
import type { FastifyPluginAsync } from "fastify";
import { addOperation } from "../../lib/operation";
import type { UsersService } from "./service";

export const usersRoutes: FastifyPluginAsync<{ service: UsersService }> = async (
  app,
  { service },
) => {
  addOperation(app, identityApi.user, async (request) => ({
    data: { userData: await service.profiles.get(await request.signedIn(), request.params.id) },
  }));

  addOperation(app, identityApi.newUserProperties, async (request) => ({
    data: { userData: await service.profiles.createProperties(await request.signedIn()) },
  }));

  addOperation(app, identityApi.updateUserProperties, async (request) => ({
    data: { userData: await service.profiles.updateProperties(await request.signedIn()) },
  }));

  addOperation(app, identityApi.checkAdmin, async (request) => ({
    data: { isAdmin: service.profiles.isProductAdmin(await request.signedIn()) },
  }));
};
