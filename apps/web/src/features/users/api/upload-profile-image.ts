import { identityMessages, profileImageResponseSchema } from "@eitheror/shared/identity/schema";
import { api } from "@/config/paths";
import { ApiError, apiRequest } from "@/lib/api-client";

/** Stores the photo at profile-images/{uid} (spec §7) and answers the URL it is served from. */
export async function uploadProfileImage(uid: string, file: File) {
  const body = new FormData();
  body.append("file", file);
  const response = await apiRequest(api.profileImage(uid), {
    method: "PUT",
    body,
    schema: profileImageResponseSchema,
  });
  return response.data.photoURL;
}

/** The upload's own refusals, worded for the user; null for any other failure. */
export function imageUploadFailure(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 415) return identityMessages.onlyImages;
  // The server says which limit the image broke (bytes or pixels).
  if (error.status === 413) return error.message;
  return null;
}
