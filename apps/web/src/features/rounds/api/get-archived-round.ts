import { roundsApi } from "@eitheror/shared/rounds/contract";
import { useQuery } from "@tanstack/react-query";
import { callApi, operationKey } from "@/lib/api-client";

/** One closed round with each participant's points. */
export function useArchivedRound(groupId: string, roundId: string) {
  const params = { id: groupId, roundId };
  return useQuery({
    queryKey: operationKey(roundsApi.round, params),
    queryFn: async () => (await callApi(roundsApi.round, { params })).data.roundData,
  });
}
