import { roundsApi } from "@eitheror/shared/rounds/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { callApi, operationKey } from "@/lib/api-client";

/** Starts the group's first round; the tab then shows it (the answer is the round). */
export function useStartFirstRound(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await callApi(roundsApi.startFirst, { params: { id: groupId } })).data.dilemmaData,
    onSuccess: (round) => {
      queryClient.setQueryData(operationKey(roundsApi.current, { id: groupId }), round);
      return queryClient.invalidateQueries({ queryKey: operationKey(roundsApi.currentOfMine) });
    },
  });
}
