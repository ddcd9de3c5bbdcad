import { defineOperation } from "../api/contract";
import {
  accountDeletedResponseSchema,
  accountExportResponseSchema,
  adminDeleteAccountBodySchema,
  adminGroupParamsSchema,
  deleteAccountBodySchema,
  deletionLinkResponseSchema,
  groupRemovedResponseSchema,
} from "./schema";

/** A person's whole account: its export and its deletion (decision 0078). */
export const accountApi = {
  export: defineOperation({
    method: "GET",
    path: "/users/me/export",
    summary: "Everything kept about the caller, as one JSON file (an attachment)",
    tags: ["users"],
    response: accountExportResponseSchema,
  }),
  sendDeletionLink: defineOperation({
    method: "POST",
    path: "/users/me/deletion-link",
    summary: "E-mail the caller a link that deletes their account once opened",
    tags: ["users"],
    response: deletionLinkResponseSchema,
  }),
  deleteWithLink: defineOperation({
    method: "POST",
    path: "/account/delete",
    summary: "Delete the account an e-mailed deletion link was sent for (the token is the proof)",
    tags: ["users"],
    body: deleteAccountBodySchema,
    response: accountDeletedResponseSchema,
  }),
  /** The product admin's alone: refused (403) to anyone else. */
  adminDeleteAccount: defineOperation({
    method: "POST",
    path: "/admin/accounts/delete",
    summary: "Delete an account by its address, with the same effects as the person's own deletion",
    tags: ["admin"],
    body: adminDeleteAccountBodySchema,
    response: accountDeletedResponseSchema,
  }),
  /** The product admin's alone: refused (403) to anyone else. */
  adminRemoveGroup: defineOperation({
    method: "DELETE",
    path: "/admin/groups/:id",
    summary: "Remove a group, as its admin's deletion does",
    tags: ["admin"],
    params: adminGroupParamsSchema,
    response: groupRemovedResponseSchema,
  }),
};
