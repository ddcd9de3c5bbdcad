import { roundsApi } from "@eitheror/shared/rounds/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { callApi, operationKey } from "@/lib/api-client";
import { revealKey } from "./get-reveal";

/**
 * Submits the caller's votes for good, then reads the round again (the last
 * submit closes it and opens the next), the home cards and, when it closed,
 * the leaderboard, past rounds and the reveal of its results.
 */
export function useSubmitVotes(groupId: string, roundId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await callApi(roundsApi.submit, { params: { id: groupId, roundId } })).data,
    onSuccess: ({ roundClosed }) =>
      Promise.all([
        queryClient.invalidateQueries({
          queryKey: operationKey(roundsApi.current, { id: groupId }),
        }),
        queryClient.invalidateQueries({ queryKey: operationKey(roundsApi.currentOfMine) }),
        roundClosed &&
          queryClient.invalidateQueries({
            queryKey: operationKey(roundsApi.leaderboard, { id: groupId }),
          }),
        roundClosed &&
          queryClient.invalidateQueries({
            queryKey: operationKey(roundsApi.archived, { id: groupId }),
          }),
        roundClosed && queryClient.invalidateQueries({ queryKey: revealKey(groupId) }),
      ]),
  });
}
