import { roundsApi } from "@eitheror/shared/rounds/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { callApi, operationKey } from "@/lib/api-client";

export const archivedRoundQueryOptions = (groupId: string, roundId: string) => {
  const params = { id: groupId, roundId };
  return queryOptions({
    queryKey: operationKey(roundsApi.round, params),
    queryFn: async () => (await callApi(roundsApi.round, { params })).data.roundData,
    // A page reads it before its first render (app/router.tsx): a refusal then is the
    // page's answer, not asked again as the page mounts; Try again, the live events
    // and the connection's return still ask again.
    retryOnMount: false,
  });
};

/** One closed round with each participant's points. */
export function useArchivedRound(groupId: string, roundId: string) {
  return useQuery(archivedRoundQueryOptions(groupId, roundId));
}
