import { defineOperation } from "../api/contract";
import {
  mailPreferencesResponseSchema,
  mailPreferencesSchema,
  unsubscribeQuerySchema,
  unsubscribeResponseSchema,
} from "./schema";

export const notificationsApi = {
  get: defineOperation({
    method: "GET",
    path: "/users/me/mail-preferences",
    summary: "Which game e-mails the signed-in person gets",
    tags: ["mail"],
    response: mailPreferencesResponseSchema,
  }),
  update: defineOperation({
    method: "PUT",
    path: "/users/me/mail-preferences",
    summary: "Turn kinds of game e-mail on or off",
    tags: ["mail"],
    body: mailPreferencesSchema,
    response: mailPreferencesResponseSchema,
  }),
  /** The one-click unsubscribe (RFC 8058): the signed token is the proof, no session. */
  unsubscribe: defineOperation({
    method: "POST",
    path: "/mail/unsubscribe",
    summary: "Turn one kind of game e-mail off with the signed link of an e-mail (no session)",
    tags: ["mail"],
    query: unsubscribeQuerySchema,
    response: unsubscribeResponseSchema,
  }),
};
