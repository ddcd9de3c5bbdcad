import { dilemmasApi } from "@eitheror/shared/dilemmas/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { callApi, operationKey } from "@/lib/api-client";

export const bankStatsQueryOptions = () =>
  queryOptions({
    queryKey: operationKey(dilemmasApi.bank),
    queryFn: async () => (await callApi(dilemmasApi.bank)).data.bankData,
  });

/** The dilemma bank's figures; adding to the bank invalidates them. */
export function useBankStats() {
  return useQuery(bankStatsQueryOptions());
}
