import { globalDilemmaApi } from "@eitheror/shared/global-dilemma/contract";
import type { GlobalDilemma } from "@eitheror/shared/global-dilemma/schema";
import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { callApi, operationKey } from "@/lib/api-client";

export const globalDilemmaQueryKey = operationKey(globalDilemmaApi.today);

export const globalDilemmaQueryOptions = queryOptions({
  queryKey: globalDilemmaQueryKey,
  queryFn: async () => (await callApi(globalDilemmaApi.today)).data.globalDilemmaData,
});

/** Today's dilemma as the page brought it: the card shows it without asking. */
export function seedGlobalDilemma(queryClient: QueryClient, dilemma: GlobalDilemma | undefined) {
  if (dilemma) queryClient.setQueryData(globalDilemmaQueryKey, dilemma);
}

export function useGlobalDilemma() {
  return useQuery(globalDilemmaQueryOptions);
}
