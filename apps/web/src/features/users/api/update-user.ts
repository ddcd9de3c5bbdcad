import { api } from "@/config/paths";
import { apiRequest } from "@/lib/api-client";

export interface UpdateUserInput {
  name?: string;
  image?: string;
}

/**
 * The identity provider's profile update (better-auth `update-user`): the name
 * and photo the session carries. The caller refreshes the session afterwards.
 */
export async function updateUser(input: UpdateUserInput) {
  await apiRequest(api.updateUser, { method: "POST", body: input });
}
