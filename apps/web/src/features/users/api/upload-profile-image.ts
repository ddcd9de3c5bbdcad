import { authApi } from "@eitheror/shared/auth/contract";
import { authMessages } from "@eitheror/shared/auth/schema";
import { ApiError, callApi } from "@/lib/api-client";

/** Stores the photo at profile-images/{uid} and answers the URL it is served from. */
export async function uploadProfileImage(uid: string, file: File) {
  const body = new FormData();
  body.append("file", file);
  return (await callApi(authApi.uploadProfileImage, { params: { uid }, body })).data.photoURL;
}

/** The upload's own refusals, worded for the user; null for any other failure. */
export function imageUploadFailure(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  if (error.code === "not_an_image" || error.code === "unsupported_media_type") {
    return authMessages.onlyImages;
  }
  // The server says which limit the image broke (bytes or pixels).
  if (error.code === "too_large") return error.message;
  return null;
}
