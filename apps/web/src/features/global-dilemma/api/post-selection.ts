import { streakAfterChoosing } from "@eitheror/shared/global-dilemma/rules";
import type { GetSelectionResponse, Option } from "@eitheror/shared/global-dilemma/schema";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { callApi, deferOperation } from "@/lib/api-client";
import { globalDilemmaQueryKey } from "./get-global-dilemma";
import { selectionQueryKey } from "./get-selection";

type SelectionData = GetSelectionResponse["data"];

/** Deferred: its contract, and zod, load with the first call (docs/decisions/0022). */
const selectOperation = deferOperation(
  { method: "POST", path: "/dilemmas/global/:id/selection" },
  async () => (await import("@eitheror/shared/global-dilemma/contract")).globalDilemmaApi.select,
);

export function usePostSelection(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (option: Option) =>
      (await callApi(selectOperation, { params: { id }, body: { option } })).data,
    // A read of the choice still under way left before this change: its late
    // answer ("not chosen yet") must not overwrite the saved choice.
    onMutate: () => queryClient.cancelQueries({ queryKey: selectionQueryKey(id) }),
    // A read that started after onMutate (the page asks for the choice as soon as
    // the visit's session is ready, which can be the same moment) is dropped too.
    onSuccess: async ({ globalDilemmaData, globalDilemmaSelectionData }) => {
      await queryClient.cancelQueries({ queryKey: selectionQueryKey(id) });
      queryClient.setQueryData(globalDilemmaQueryKey, globalDilemmaData);
      queryClient.setQueryData(selectionQueryKey(id), (before?: SelectionData) => ({
        globalDilemmaData,
        globalDilemmaSelection: globalDilemmaSelectionData,
        // Today counts at once; the viewer's own read, asked again, has the exact streak.
        streak: streakAfterChoosing(before?.streak ?? { days: 0, chosenToday: false }),
      }));
      void queryClient.invalidateQueries({ queryKey: selectionQueryKey(id) });
    },
  });
}
