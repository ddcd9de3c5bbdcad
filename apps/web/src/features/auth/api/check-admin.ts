import { identityApi } from "@eitheror/shared/identity/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { callApi, operationKey } from "@/lib/api-client";

export const checkAdminQueryOptions = (userId: string) =>
  queryOptions({
    // The answer is the caller's: keyed by who asks, so another sign-in asks again.
    queryKey: [...operationKey(identityApi.checkAdmin), userId],
    queryFn: async () => (await callApi(identityApi.checkAdmin)).data.isAdmin,
    staleTime: 5 * 60_000,
  });

/** Whether the server says this user is a product admin; only asked for fully signed-in users. */
export function useIsAdmin(userId: string | undefined) {
  return useQuery({
    ...checkAdminQueryOptions(userId ?? ""),
    enabled: Boolean(userId),
  });
}
