import { roundsApi } from "@eitheror/shared/rounds/contract";
import { useQuery } from "@tanstack/react-query";
import { callApi, operationKey } from "@/lib/api-client";

/** A closed round's votes and comments, everyone's. */
export function useRoundVotes(groupId: string, roundId: string) {
  const params = { id: groupId, roundId };
  return useQuery({
    queryKey: operationKey(roundsApi.votes, params),
    queryFn: async () => (await callApi(roundsApi.votes, { params })).data.votesData,
  });
}
