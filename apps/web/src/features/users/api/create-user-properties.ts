import { userDataResponseSchema } from "@eitheror/shared/identity/schema";
import { api } from "@/config/paths";
import { apiRequest } from "@/lib/api-client";

/**
 * createAdditionalNewUserProperties (spec §4 "Details save"): the app's own
 * record of a new user, made once the name is set. `isAdmin` is part of the
 * contract; the server decides who is an admin.
 */
export async function createUserProperties() {
  const response = await apiRequest(api.newUserProperties, {
    method: "POST",
    body: { isAdmin: false },
    schema: userDataResponseSchema,
  });
  return response.data.userData;
}
