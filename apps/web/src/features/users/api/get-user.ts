import { userDataResponseSchema } from "@eitheror/shared/identity/schema";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/config/paths";
import { apiRequest } from "@/lib/api-client";

export const userQueryKey = (id: string) => ["users", id] as const;

export async function getUser(id: string) {
  return (await apiRequest(api.user(id), { schema: userDataResponseSchema })).data.userData;
}

export const userQueryOptions = (id: string) =>
  queryOptions({ queryKey: userQueryKey(id), queryFn: () => getUser(id) });

/** A user as the viewer may see them: e-mail and its state only on one's own profile. */
export function useUser(id: string) {
  return useQuery(userQueryOptions(id));
}
