import {
  type GlobalDilemma,
  getGlobalDilemmaResponseSchema,
} from "@eitheror/shared/global-dilemma/schema";
import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/config/paths";
import { apiRequest } from "@/lib/api-client";

export const globalDilemmaQueryKey = ["global-dilemma"] as const;

export const globalDilemmaQueryOptions = queryOptions({
  queryKey: globalDilemmaQueryKey,
  queryFn: async () =>
    (await apiRequest(api.globalDilemma, { schema: getGlobalDilemmaResponseSchema })).data
      .globalDilemmaData,
});

/** Today's dilemma as the page brought it: the card shows it without asking. */
export function seedGlobalDilemma(queryClient: QueryClient, dilemma: GlobalDilemma | undefined) {
  if (dilemma) queryClient.setQueryData(globalDilemmaQueryKey, dilemma);
}

export function useGlobalDilemma() {
  return useQuery(globalDilemmaQueryOptions);
}
