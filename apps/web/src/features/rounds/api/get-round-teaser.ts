import { shareApi } from "@eitheror/shared/share/contract";
import { useQuery } from "@tanstack/react-query";
import { callApi, operationKey } from "@/lib/api-client";

/** What a signed share link shows: the round's question and podium (and, to a member, where it is). */
export function useRoundTeaser(shareId: string) {
  const params = { shareId };
  return useQuery({
    queryKey: operationKey(shareApi.roundTeaser, params),
    queryFn: async () => (await callApi(shareApi.roundTeaser, { params })).data.teaser,
  });
}
