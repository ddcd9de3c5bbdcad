import { dilemmasApi } from "@eitheror/shared/dilemmas/contract";
import type { DilemmaTextInput } from "@eitheror/shared/dilemmas/schema";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { callApi } from "@/lib/api-client";
import { bankStatsQueryOptions } from "./get-bank-stats";

/** Adds one dilemma typed by the admin; a 409 `duplicate_dilemma` when the bank has it. */
export function useAddDilemma() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: DilemmaTextInput) =>
      (await callApi(dilemmasApi.add, { body })).data.dilemma,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bankStatsQueryOptions().queryKey }),
  });
}
