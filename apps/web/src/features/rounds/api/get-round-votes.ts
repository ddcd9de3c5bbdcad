import { roundsApi } from "@eitheror/shared/rounds/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { callApi, operationKey } from "@/lib/api-client";

export const roundVotesQueryOptions = (groupId: string, roundId: string) => {
  const params = { id: groupId, roundId };
  return queryOptions({
    queryKey: operationKey(roundsApi.votes, params),
    queryFn: async () => (await callApi(roundsApi.votes, { params })).data.votesData,
    // A page reads it before its first render (app/router.tsx): a refusal then is the
    // page's answer, not asked again as the page mounts; Try again, the live events
    // and the connection's return still ask again.
    retryOnMount: false,
  });
};

/** A closed round's votes and comments, everyone's. */
export function useRoundVotes(groupId: string, roundId: string) {
  return useQuery(roundVotesQueryOptions(groupId, roundId));
}
