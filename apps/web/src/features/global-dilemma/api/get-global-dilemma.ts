import type { GlobalDilemma } from "@eitheror/shared/global-dilemma/schema";
import type { InitialData } from "@eitheror/shared/shell/schema";
import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { callApi, deferOperation, operationKey } from "@/lib/api-client";

/** Deferred: its contract, and zod, load with the first call (docs/decisions/0022). */
const todayOperation = deferOperation(
  { method: "GET", path: "/dilemmas/global" },
  async () => (await import("@eitheror/shared/global-dilemma/contract")).globalDilemmaApi.today,
);

export const globalDilemmaQueryKey = operationKey(todayOperation);
const yesterdayQueryKey = [...globalDilemmaQueryKey, "yesterday"] as const;

export const globalDilemmaQueryOptions = queryOptions({
  queryKey: globalDilemmaQueryKey,
  // The same answer says what yesterday was: known before the viewer chooses.
  queryFn: async ({ client }): Promise<GlobalDilemma> => {
    const { data } = await callApi(todayOperation);
    client.setQueryData(yesterdayQueryKey, data.yesterdayData);
    return data.globalDilemmaData;
  },
});

/**
 * Yesterday's dilemma with its final split (null when there was none): part of
 * today's shared answer, which the page or the read of today's dilemma brought.
 */
export const yesterdayQueryOptions = queryOptions({
  queryKey: yesterdayQueryKey,
  queryFn: async () => (await callApi(todayOperation)).data.yesterdayData,
  // It changes once a day.
  staleTime: 10 * 60 * 1000,
});

/** Today's dilemma (and yesterday's) as the page brought them: the card shows them without asking. */
export function seedGlobalDilemma(
  queryClient: QueryClient,
  { globalDilemma, yesterdayDilemma }: InitialData,
) {
  if (globalDilemma) queryClient.setQueryData(globalDilemmaQueryKey, globalDilemma);
  if (yesterdayDilemma !== undefined) queryClient.setQueryData(yesterdayQueryKey, yesterdayDilemma);
}

export function useGlobalDilemma() {
  return useQuery(globalDilemmaQueryOptions);
}

export function useYesterday() {
  return useQuery(yesterdayQueryOptions);
}
