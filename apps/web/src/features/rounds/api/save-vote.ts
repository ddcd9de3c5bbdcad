import { roundsApi } from "@eitheror/shared/rounds/contract";
import type { CurrentRound, VoteBody } from "@eitheror/shared/rounds/schema";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { callApi, operationKey } from "@/lib/api-client";

/**
 * Saves one vote as progress (a choice, or a comment on blur); the saved vote
 * replaces the one in the round on screen, so nothing else is read again.
 */
export function useSaveVote(groupId: string, roundId: string) {
  const queryClient = useQueryClient();
  const key = operationKey(roundsApi.current, { id: groupId });
  return useMutation({
    mutationFn: async (body: VoteBody) =>
      (await callApi(roundsApi.vote, { params: { id: groupId, roundId }, body })).data.vote,
    onSuccess: (vote) =>
      queryClient.setQueryData<CurrentRound | null>(key, (round) =>
        round
          ? {
              ...round,
              votes: [
                ...round.votes.filter((other) => other.selectedFor !== vote.selectedFor),
                vote,
              ],
            }
          : round,
      ),
  });
}
