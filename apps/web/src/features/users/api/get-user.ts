import { identityApi } from "@eitheror/shared/identity/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { callApi, operationKey } from "@/lib/api-client";

export const userQueryOptions = (id: string) =>
  queryOptions({
    queryKey: operationKey(identityApi.user, { id }),
    queryFn: async () => (await callApi(identityApi.user, { params: { id } })).data.userData,
  });

/** A user as the viewer may see them: e-mail and its state only on one's own profile. */
export function useUser(id: string) {
  return useQuery(userQueryOptions(id));
}
