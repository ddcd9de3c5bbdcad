import { adminApi } from "@eitheror/shared/admin/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { callApi, operationKey } from "@/lib/api-client";

export const bankStatsQueryOptions = () =>
  queryOptions({
    queryKey: operationKey(adminApi.bank),
    queryFn: async () => (await callApi(adminApi.bank)).data.bankData,
  });

/** The dilemma bank's figures; adding to the bank invalidates them. */
export function useBankStats() {
  return useQuery(bankStatsQueryOptions());
}
