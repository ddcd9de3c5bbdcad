import { getSelectionResponseSchema } from "@eitheror/shared/global-dilemma/schema";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/config/paths";
import { apiRequest } from "@/lib/api-client";

export const selectionQueryKey = (id: string) => ["global-dilemma", id, "selection"] as const;

export const selectionQueryOptions = (id: string) =>
  queryOptions({
    queryKey: selectionQueryKey(id),
    queryFn: async () =>
      (await apiRequest(api.globalSelection(id), { schema: getSelectionResponseSchema })).data,
  });

/** The viewer's prior choice on this dilemma (null before choosing) and the latest counts. */
export function useSelection(id: string | undefined) {
  return useQuery({ ...selectionQueryOptions(id ?? ""), enabled: Boolean(id) });
}
