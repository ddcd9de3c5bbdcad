import { roundsApi } from "@eitheror/shared/rounds/contract";
import { viewerFirst } from "@eitheror/shared/who-knows-whom/rules";
import type { WhoKnowsWhom } from "@eitheror/shared/who-knows-whom/schema";
import { useQuery } from "@tanstack/react-query";
import { useCallback } from "react";
import { callApi, operationKey } from "@/lib/api-client";
import { onEveryMount } from "./on-every-mount";

/**
 * Who knows whom over the group's closed rounds, the viewer first: in the members
 * and in the matrices' rows and columns alike (the server answers every member
 * the same); loaded each time the tab opens, again when a round closes.
 */
export function useWhoKnowsWhom(groupId: string, viewerId: string) {
  return useQuery({
    queryKey: operationKey(roundsApi.whoKnowsWhom, { id: groupId }),
    queryFn: async () =>
      (await callApi(roundsApi.whoKnowsWhom, { params: { id: groupId } })).data.whoKnowsWhomData,
    select: useCallback((grid: WhoKnowsWhom) => viewerFirst(grid, viewerId), [viewerId]),
    refetchOnMount: onEveryMount,
  });
}
