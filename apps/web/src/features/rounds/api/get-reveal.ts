import { roundsApi } from "@eitheror/shared/rounds/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { callApi, operationKey } from "@/lib/api-client";
import { onEveryMount } from "./on-every-mount";

/** The reveal query's key: the live "round closed" event and the seen mark refresh it. */
export const revealKey = (groupId: string) => operationKey(roundsApi.reveal, { id: groupId });

/** The newest closed round the viewer played and has not seen revealed, with its votes, or null. */
export const revealQueryOptions = (groupId: string) =>
  queryOptions({
    queryKey: revealKey(groupId),
    queryFn: async () =>
      (await callApi(roundsApi.reveal, { params: { id: groupId } })).data.revealData,
    // A page reads it before its first render (app/router.tsx): a refusal then is the
    // page's answer, not asked again as the page mounts; Try again, the live events
    // and the connection's return still ask again.
    retryOnMount: false,
  });

/** The reveal, read again on each visit of the Current Round tab. */
export function useReveal(groupId: string) {
  return useQuery({ ...revealQueryOptions(groupId), refetchOnMount: onEveryMount });
}
