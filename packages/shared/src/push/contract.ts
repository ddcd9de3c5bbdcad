import { defineOperation } from "../api/contract";
import {
  pushPublicKeyResponseSchema,
  pushSubscriptionBodySchema,
  pushSubscriptionResponseSchema,
  pushUnsubscribeBodySchema,
  pushUnsubscribeResponseSchema,
} from "./schema";

const tags = ["push"] as const;

export const pushApi = {
  publicKey: defineOperation({
    method: "GET",
    path: "/push/public-key",
    summary: "The server's VAPID public key, for the browser's pushManager.subscribe",
    tags,
    response: pushPublicKeyResponseSchema,
  }),
  subscribe: defineOperation({
    method: "PUT",
    path: "/push/subscription",
    summary: "Save this device's push subscription and the kinds it gets (signed-in players)",
    tags,
    body: pushSubscriptionBodySchema,
    response: pushSubscriptionResponseSchema,
  }),
  unsubscribe: defineOperation({
    method: "DELETE",
    path: "/push/subscription",
    summary: "Forget a push subscription of the signed-in person, by its endpoint",
    tags,
    body: pushUnsubscribeBodySchema,
    response: pushUnsubscribeResponseSchema,
  }),
};
