import { type Option, postSelectionResponseSchema } from "@eitheror/shared/global-dilemma/schema";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/config/paths";
import { apiRequest } from "@/lib/api-client";
import { globalDilemmaQueryKey } from "./get-global-dilemma";
import { selectionQueryKey } from "./get-selection";

export function usePostSelection(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (option: Option) =>
      (
        await apiRequest(api.globalSelection(id), {
          method: "POST",
          body: { option },
          schema: postSelectionResponseSchema,
        })
      ).data,
    onSuccess: ({ globalDilemmaData, globalDilemmaSelectionData }) => {
      queryClient.setQueryData(globalDilemmaQueryKey, globalDilemmaData);
      queryClient.setQueryData(selectionQueryKey(id), {
        globalDilemmaData,
        globalDilemmaSelection: globalDilemmaSelectionData,
      });
    },
  });
}
