import { roundsApi } from "@eitheror/shared/rounds/contract";
import { useQuery } from "@tanstack/react-query";
import { callApi, operationKey } from "@/lib/api-client";

/** The open round of each of the caller's groups (home cards, and whether a group has one). */
export function useRoundsOfMine() {
  return useQuery({
    queryKey: operationKey(roundsApi.currentOfMine),
    queryFn: async () => (await callApi(roundsApi.currentOfMine)).data.roundsData,
  });
}
