import { groupsApi } from "@eitheror/shared/groups/contract";
import { type QueryKey, useQueryClient } from "@tanstack/react-query";
import { useEffect, useEffectEvent } from "react";
import { ApiError, operationKey } from "@/lib/api-client";

const refusal = (error: unknown) =>
  error instanceof ApiError && (error.code === "not_found" || error.code === "forbidden");

const sameKey = (a: QueryKey, b: QueryKey) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Calls `onRefused` when any call made while a group's page is open (a vote, a
 * submit, a tab's read) is refused as not found or forbidden: the viewer may have
 * been removed, or the group deleted, while the live stream was not there to say
 * so. The page then reads the group again, whose answer tells. The group's own
 * read is left out: it is the one that answers.
 */
export function useRefusedCalls(
  groupId: string,
  { enabled, onRefused }: { enabled: boolean; onRefused: () => void },
) {
  const queryClient = useQueryClient();
  const refused = useEffectEvent(onRefused);
  useEffect(() => {
    if (!enabled) return;
    const groupKey = operationKey(groupsApi.get, { id: groupId });
    const offMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === "updated" && event.action.type === "error" && refusal(event.action.error))
        refused();
    });
    const offQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== "updated" || event.action.type !== "error") return;
      if (refusal(event.action.error) && !sameKey(event.query.queryKey, groupKey)) refused();
    });
    return () => {
      offMutations();
      offQueries();
    };
  }, [enabled, queryClient, groupId]);
}
