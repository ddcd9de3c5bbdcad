import { userDataResponseSchema } from "@eitheror/shared/identity/schema";
import { api } from "@/config/paths";
import { apiRequest } from "@/lib/api-client";

/** Copies the identity profile (name, photo) to the app's user record after a profile save. */
export async function updateUserProperties() {
  const response = await apiRequest(api.updateUserProperties, {
    method: "PUT",
    body: {},
    schema: userDataResponseSchema,
  });
  return response.data.userData;
}
