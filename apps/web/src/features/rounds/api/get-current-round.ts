import { roundsApi } from "@eitheror/shared/rounds/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { ApiError, callApi, operationKey } from "@/lib/api-client";
import { onEveryMount } from "./on-every-mount";

/**
 * The group's open round, or null when it never had one: the answer says so
 * itself (a 404 `round_not_started`), so the page needs no other read first.
 * `waiting_for_members` and `no_dilemma_left` are errors the screen explains.
 */
export const currentRoundQueryOptions = (groupId: string) =>
  queryOptions({
    queryKey: operationKey(roundsApi.current, { id: groupId }),
    queryFn: async () => {
      try {
        return (await callApi(roundsApi.current, { params: { id: groupId } })).data.dilemmaData;
      } catch (error) {
        if (error instanceof ApiError && error.code === "round_not_started") return null;
        throw error;
      }
    },
    // A page reads it before its first render (app/router.tsx): a refusal then is the
    // page's answer, not asked again as the page mounts; Try again, the live events
    // and the connection's return still ask again.
    retryOnMount: false,
  });

/** The open round, read again each time the tab opens (docs/product.md: tab loading). */
export function useCurrentRound(groupId: string) {
  return useQuery({ ...currentRoundQueryOptions(groupId), refetchOnMount: onEveryMount });
}
