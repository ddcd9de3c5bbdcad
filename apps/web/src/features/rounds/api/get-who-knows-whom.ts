import { roundsApi } from "@eitheror/shared/rounds/contract";
import { useQuery } from "@tanstack/react-query";
import { callApi, operationKey } from "@/lib/api-client";
import { onEveryMount } from "@/lib/query-client";

/** Who knows whom over the group's closed rounds; loaded each time the tab opens, again when a round closes. */
export function useWhoKnowsWhom(groupId: string) {
  return useQuery({
    queryKey: operationKey(roundsApi.whoKnowsWhom, { id: groupId }),
    queryFn: async () =>
      (await callApi(roundsApi.whoKnowsWhom, { params: { id: groupId } })).data.whoKnowsWhomData,
    refetchOnMount: onEveryMount,
  });
}
