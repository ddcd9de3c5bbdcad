import { roundsApi } from "@eitheror/shared/rounds/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { callApi, operationKey } from "@/lib/api-client";

/** A failed mark is tried again this many times, then on the next visit that finds the reveal. */
const SEEN_RETRIES = 4;

/**
 * Tells the server the viewer has seen (or skipped) a round's reveal, so no
 * device shows it again. Quiet: a failure is tried again, never shown; Home's
 * "Results are in" is read again once it went through.
 */
export function useMarkRevealSeen(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (roundId: string) =>
      (await callApi(roundsApi.revealSeen, { params: { id: groupId, roundId } })).data,
    retry: SEEN_RETRIES,
    retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: operationKey(roundsApi.currentOfMine) }),
  });
}
