import { roundsApi } from "@eitheror/shared/rounds/contract";
import { useQuery } from "@tanstack/react-query";
import { ApiError, callApi, operationKey } from "@/lib/api-client";
import { onEveryMount } from "@/lib/query-client";

/**
 * The group's open round, or null when it has none yet (`not_found`).
 * `no_dilemma_left` is an error the screen explains. Read again each time
 * the tab opens (docs/product.md: tab loading).
 */
export function useCurrentRound(groupId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: operationKey(roundsApi.current, { id: groupId }),
    queryFn: async () => {
      try {
        return (await callApi(roundsApi.current, { params: { id: groupId } })).data.dilemmaData;
      } catch (error) {
        if (error instanceof ApiError && error.code === "not_found") return null;
        throw error;
      }
    },
    enabled,
    refetchOnMount: onEveryMount,
  });
}
