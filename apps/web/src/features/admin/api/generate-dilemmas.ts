import { dilemmasApi } from "@eitheror/shared/dilemmas/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { callApi } from "@/lib/api-client";
import { bankStatsQueryOptions } from "./get-bank-stats";

/** Asks the configured generator for a batch; answers how many joined the bank. */
export function useGenerateDilemmas() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await callApi(dilemmasApi.generate)).data.added,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bankStatsQueryOptions().queryKey }),
  });
}
