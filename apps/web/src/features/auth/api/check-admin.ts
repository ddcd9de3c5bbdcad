import { queryOptions, useQuery } from "@tanstack/react-query";
import { callApi, deferOperation, operationKey } from "@/lib/api-client";

/** Deferred: its contract, and zod, load with the first call (docs/decisions/0022). */
const checkAdminOperation = deferOperation(
  { method: "GET", path: "/check-admin" },
  async () => (await import("@eitheror/shared/auth/contract")).authApi.checkAdmin,
);

export const checkAdminQueryOptions = (userId: string) =>
  queryOptions({
    // The answer is the caller's: keyed by who asks, so another sign-in asks again.
    queryKey: [...operationKey(checkAdminOperation), userId],
    queryFn: async () => (await callApi(checkAdminOperation)).data.isAdmin,
    staleTime: 5 * 60_000,
  });

/** Whether the server says this user is a product admin; only asked for fully signed-in users. */
export function useIsAdmin(userId: string | undefined) {
  return useQuery({
    ...checkAdminQueryOptions(userId ?? ""),
    enabled: Boolean(userId),
  });
}
