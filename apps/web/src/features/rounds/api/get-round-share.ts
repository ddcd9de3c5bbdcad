import { roundsApi } from "@eitheror/shared/rounds/contract";
import { useQuery } from "@tanstack/react-query";
import { callApi, operationKey } from "@/lib/api-client";

/** A closed round's signed share link and the share text's parts (members only). */
export function useRoundShare(groupId: string, roundId: string) {
  const params = { id: groupId, roundId };
  return useQuery({
    queryKey: operationKey(roundsApi.share, params),
    queryFn: async () => (await callApi(roundsApi.share, { params })).data.roundShare,
  });
}
