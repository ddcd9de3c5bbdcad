import { roundsApi } from "@eitheror/shared/rounds/contract";
import { useQuery } from "@tanstack/react-query";
import { callApi, operationKey } from "@/lib/api-client";

/** One read for both hooks: the open rounds and the unseen results come in one answer. */
const roundsOfMineQuery = () => ({
  queryKey: operationKey(roundsApi.currentOfMine),
  queryFn: async () => (await callApi(roundsApi.currentOfMine)).data,
});

/** The open round of each of the caller's groups (home cards, and whether a group has one). */
export function useRoundsOfMine() {
  return useQuery({ ...roundsOfMineQuery(), select: (data) => data.roundsData });
}

/** The groups whose newest closed round the caller has not seen revealed: "Results are in". */
export function useUnseenResults() {
  return useQuery({
    ...roundsOfMineQuery(),
    select: (data) => new Set(data.unseenResults.map((unseen) => unseen.groupId)),
  });
}
