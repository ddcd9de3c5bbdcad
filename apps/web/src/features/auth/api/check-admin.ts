import { checkAdminResponseSchema } from "@eitheror/shared/identity/schema";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/config/paths";
import { apiRequest } from "@/lib/api-client";

export const checkAdminQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ["check-admin", userId],
    queryFn: async () =>
      (await apiRequest(api.checkAdmin, { schema: checkAdminResponseSchema })).data.isAdmin,
    staleTime: 5 * 60_000,
  });

/** Whether the server says this user is a product admin; only asked for fully signed-in users. */
export function useIsAdmin(userId: string | undefined) {
  return useQuery({
    ...checkAdminQueryOptions(userId ?? ""),
    enabled: Boolean(userId),
  });
}
