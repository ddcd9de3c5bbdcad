import { roundsApi } from "@eitheror/shared/rounds/contract";
import { useQuery } from "@tanstack/react-query";
import { callApi, operationKey } from "@/lib/api-client";
import { onEveryMount } from "./on-every-mount";

/** The group's closed rounds, newest first; loaded each time the tab opens. */
export function usePastRounds(groupId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: operationKey(roundsApi.archived, { id: groupId }),
    queryFn: async () =>
      (await callApi(roundsApi.archived, { params: { id: groupId } })).data.roundsData,
    enabled,
    refetchOnMount: onEveryMount,
  });
}
