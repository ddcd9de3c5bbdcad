import type { GlobalDilemma } from "@eitheror/shared/global-dilemma/schema";
import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { callApi, deferOperation, operationKey } from "@/lib/api-client";

/** Deferred: its contract, and zod, load with the first call (docs/decisions/0022). */
const todayOperation = deferOperation(
  { method: "GET", path: "/dilemmas/global" },
  async () => (await import("@eitheror/shared/global-dilemma/contract")).globalDilemmaApi.today,
);

export const globalDilemmaQueryKey = operationKey(todayOperation);

export const globalDilemmaQueryOptions = queryOptions({
  queryKey: globalDilemmaQueryKey,
  queryFn: async () => (await callApi(todayOperation)).data.globalDilemmaData,
});

/** Today's dilemma as the page brought it: the card shows it without asking. */
export function seedGlobalDilemma(queryClient: QueryClient, dilemma: GlobalDilemma | undefined) {
  if (dilemma) queryClient.setQueryData(globalDilemmaQueryKey, dilemma);
}

export function useGlobalDilemma() {
  return useQuery(globalDilemmaQueryOptions);
}
