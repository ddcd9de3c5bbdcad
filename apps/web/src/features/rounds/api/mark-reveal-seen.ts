import { roundsApi } from "@eitheror/shared/rounds/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { callApi, operationKey } from "@/lib/api-client";
import { revealKey } from "./get-reveal";

/** A failed mark is tried again this many times, then on the next visit that finds the reveal. */
const SEEN_RETRIES = 4;

/**
 * Tells the server the viewer has seen (or skipped) a round's reveal, so no
 * device shows it again. Quiet: a failure is tried again, never shown. Once it
 * went through, Home's "Results are in" is read again, and the group's reveal
 * and the round are stale for their next visit (not at once: the reveal on
 * screen stays until closed).
 */
export function useMarkRevealSeen(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (roundId: string) =>
      (await callApi(roundsApi.revealSeen, { params: { id: groupId, roundId } })).data,
    retry: SEEN_RETRIES,
    retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
    onSuccess: (_seen, roundId) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: operationKey(roundsApi.currentOfMine) }),
        queryClient.invalidateQueries({ queryKey: revealKey(groupId), refetchType: "none" }),
        queryClient.invalidateQueries({
          queryKey: operationKey(roundsApi.round, { id: groupId, roundId }),
          refetchType: "none",
        }),
      ]),
  });
}
