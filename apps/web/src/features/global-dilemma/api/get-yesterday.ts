import { queryOptions, useQuery } from "@tanstack/react-query";
import { callApi, deferOperation, operationKey } from "@/lib/api-client";

/** Deferred: its contract, and zod, load with the first call (docs/decisions/0022). */
const todayOperation = deferOperation(
  { method: "GET", path: "/dilemmas/global" },
  async () => (await import("@eitheror/shared/global-dilemma/contract")).globalDilemmaApi.today,
);

/**
 * Yesterday's dilemma with its final split (null when there was none): part of
 * today's shared answer, asked for once the viewer has chosen.
 */
export const yesterdayQueryOptions = queryOptions({
  queryKey: [...operationKey(todayOperation), "yesterday"] as const,
  queryFn: async () => (await callApi(todayOperation)).data.yesterdayData,
  // It changes once a day.
  staleTime: 10 * 60 * 1000,
});

export function useYesterday() {
  return useQuery(yesterdayQueryOptions);
}
