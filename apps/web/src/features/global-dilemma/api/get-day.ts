import { globalDilemmaApi } from "@eitheror/shared/global-dilemma/contract";
import { useQuery } from "@tanstack/react-query";
import { callApi, operationKey } from "@/lib/api-client";

/** One UTC day's dilemma and split (today's too, flagged `isToday`). */
export function useDay(day: string, { enabled }: { enabled: boolean }) {
  const params = { day };
  return useQuery({
    queryKey: operationKey(globalDilemmaApi.day, params),
    queryFn: async () => (await callApi(globalDilemmaApi.day, { params })).data,
    enabled,
  });
}
