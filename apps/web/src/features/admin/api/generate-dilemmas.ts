import { adminApi } from "@eitheror/shared/admin/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { callApi } from "@/lib/api-client";
import { bankStatsQueryOptions } from "./get-bank-stats";

/** Asks the configured generator for a batch; answers how many joined the bank. */
export function useGenerateDilemmas() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await callApi(adminApi.generateDilemmas)).data.added,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bankStatsQueryOptions().queryKey }),
  });
}
