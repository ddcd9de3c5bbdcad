import { authApi } from "@eitheror/shared/auth/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { callApi, operationKey } from "@/lib/api-client";

export const userQueryOptions = (id: string) =>
  queryOptions({
    queryKey: operationKey(authApi.user, { id }),
    queryFn: async () => (await callApi(authApi.user, { params: { id } })).data.userData,
  });

/** A user as the viewer may see them: e-mail and its state only on one's own profile. */
export function useUser(id: string) {
  return useQuery(userQueryOptions(id));
}
