import { getGlobalDilemmaResponseSchema } from "@eitheror/shared/global-dilemma/schema";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/config/paths";
import { apiRequest } from "@/lib/api-client";

export const globalDilemmaQueryKey = ["global-dilemma"] as const;

export const globalDilemmaQueryOptions = queryOptions({
  queryKey: globalDilemmaQueryKey,
  queryFn: async () =>
    (await apiRequest(api.globalDilemma, { schema: getGlobalDilemmaResponseSchema })).data
      .globalDilemmaData,
});

export function useGlobalDilemma() {
  return useQuery(globalDilemmaQueryOptions);
}
