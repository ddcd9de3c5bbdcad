import { accountApi } from "@eitheror/shared/account/contract";
import type { FastifyPluginAsync } from "fastify";
import { addOperation } from "../../lib/http/operation";
import type { AccountService } from "./service";

export const accountRoutes: FastifyPluginAsync<{ service: AccountService }> = async (
  app,
  { service },
) => {
  addOperation(app, accountApi.export, async (request, reply) => {
    const data = await service.export(await request.signedIn());
    const day = data.exportedAt.slice(0, 10);
    reply.header("content-disposition", `attachment; filename="eitheror-data-${day}.json"`);
    return { data };
  });

  addOperation(app, accountApi.sendDeletionLink, async (request) => ({
    data: await service.sendDeletionLink(await request.signedIn(), request.ip),
  }));

  addOperation(app, accountApi.deleteWithLink, async (request) => {
    await service.deleteWithLink(request.body.token);
    return { data: { deleted: true as const } };
  });

  addOperation(app, accountApi.adminDeleteAccount, async (request) => {
    await service.deleteAsProductAdmin(await request.signedIn(), request.body.email);
    return { data: { deleted: true as const } };
  });

  addOperation(app, accountApi.adminRemoveGroup, async (request) => {
    await service.removeGroupAsProductAdmin(await request.signedIn(), request.params.id);
    return { data: { removed: true as const } };
  });
};
