import { pushApi } from "@eitheror/shared/push/contract";
import type { FastifyPluginAsync } from "fastify";
import { addOperation } from "../../lib/http/operation";
import type { PushService } from "./service";

/** The VAPID public key, and the signed-in person's device subscriptions. */
export const pushRoutes: FastifyPluginAsync<{ push: PushService }> = async (app, { push }) => {
  addOperation(app, pushApi.publicKey, async () => ({ data: { publicKey: push.publicKey() } }));
  addOperation(app, pushApi.subscribe, async (request) => ({
    data: { subscription: await push.subscribe(await request.signedIn(), request.body) },
  }));
  addOperation(app, pushApi.unsubscribe, async (request) => ({
    data: { removed: await push.unsubscribe(await request.signedIn(), request.body.endpoint) },
  }));
};
