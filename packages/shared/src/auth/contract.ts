import { z } from "zod";
import { defineOperation } from "../api/contract";
import {
  checkAdminResponseSchema,
  completeEmailLinkBodySchema,
  newUserPropertiesBodySchema,
  profileImageParamsSchema,
  profileImageResponseSchema,
  sendEmailChangeBodySchema,
  sendEmailLinkBodySchema,
  sendEmailLinkResponseSchema,
  sessionSchema,
  updateUserBodySchema,
  userDataResponseSchema,
  userParamsSchema,
} from "./schema";

/** The app's own identity operations: sign-in links, profiles, photos, the admin check. */
export const authApi = {
  sendEmailLink: defineOperation({
    method: "POST",
    path: "/sign-in/email-link/send",
    summary: "E-mail a sign-in link (same answer for known and unknown addresses)",
    tags: ["sign-in"],
    body: sendEmailLinkBodySchema,
    response: sendEmailLinkResponseSchema,
  }),
  completeEmailLink: defineOperation({
    method: "POST",
    path: "/sign-in/email-link/complete",
    summary: "Complete an e-mailed link with its token and address; starts the session",
    tags: ["sign-in"],
    body: completeEmailLinkBodySchema,
    response: userDataResponseSchema,
  }),
  sendEmailChange: defineOperation({
    method: "POST",
    path: "/email-change/send",
    summary: "E-mail a link that moves the caller's account to a new address",
    tags: ["sign-in"],
    body: sendEmailChangeBodySchema,
    response: sendEmailLinkResponseSchema,
  }),
  user: defineOperation({
    method: "GET",
    path: "/users/:id",
    summary: "A user's profile; e-mail and account flags only for oneself",
    tags: ["users"],
    params: userParamsSchema,
    response: userDataResponseSchema,
  }),
  newUserProperties: defineOperation({
    method: "POST",
    path: "/new-user-properties",
    summary: "Finish signing up after the details screen; answers the saved profile",
    tags: ["users"],
    body: newUserPropertiesBodySchema,
    response: userDataResponseSchema,
  }),
  updateUserProperties: defineOperation({
    method: "PUT",
    path: "/update-user-properties",
    summary: "After a profile save; answers the saved profile",
    tags: ["users"],
    body: z.object({}).optional(),
    response: userDataResponseSchema,
  }),
  checkAdmin: defineOperation({
    method: "GET",
    path: "/check-admin",
    summary: "Whether the caller is a product admin",
    tags: ["users"],
    response: checkAdminResponseSchema,
  }),
  uploadProfileImage: defineOperation({
    method: "PUT",
    path: "/storage/profile-images/:uid",
    summary: "Upload one's profile photo (multipart, one file); answers its URL",
    tags: ["profile images"],
    params: profileImageParamsSchema,
    response: profileImageResponseSchema,
  }),
};

/**
 * The identity provider's own operations (better-auth, mounted at /api/auth) that
 * the web client calls. The server does not register these: better-auth does.
 */
export const authProviderApi = {
  session: defineOperation({
    method: "GET",
    path: "/auth/get-session",
    summary: "The caller's session, or null",
    tags: ["auth"],
    response: sessionSchema,
  }),
  signInAnonymously: defineOperation({
    method: "POST",
    path: "/auth/sign-in/anonymous",
    summary: "Start a guest session",
    tags: ["auth"],
    body: z.object({}),
    response: z.unknown(),
  }),
  signOut: defineOperation({
    method: "POST",
    path: "/auth/sign-out",
    summary: "End the session",
    tags: ["auth"],
    body: z.object({}),
    response: z.unknown(),
  }),
  updateUser: defineOperation({
    method: "POST",
    path: "/auth/update-user",
    summary: "Change one's name and photo",
    tags: ["auth"],
    body: updateUserBodySchema,
    response: z.unknown(),
  }),
};
