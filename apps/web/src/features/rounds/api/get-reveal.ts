import { roundsApi } from "@eitheror/shared/rounds/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { callApi, operationKey } from "@/lib/api-client";
import { onEveryMount } from "@/lib/query-client";

/** The reveal query's key: the live "round closed" event and the seen mark refresh it. */
export const revealKey = (groupId: string) => operationKey(roundsApi.reveal, { id: groupId });

/** The newest closed round the viewer played and has not seen revealed, with its votes, or null. */
export const revealQueryOptions = (groupId: string) =>
  queryOptions({
    queryKey: revealKey(groupId),
    queryFn: async () =>
      (await callApi(roundsApi.reveal, { params: { id: groupId } })).data.revealData,
  });

/** The reveal, read again on each visit of the Current Round tab. */
export function useReveal(groupId: string) {
  return useQuery({ ...revealQueryOptions(groupId), refetchOnMount: onEveryMount });
}
