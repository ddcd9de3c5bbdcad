import { globalDilemmaApi } from "@eitheror/shared/global-dilemma/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { callApi, operationKey } from "@/lib/api-client";

export const selectionQueryKey = (id: string) => operationKey(globalDilemmaApi.selection, { id });

export const selectionQueryOptions = (id: string) =>
  queryOptions({
    queryKey: selectionQueryKey(id),
    queryFn: async () => (await callApi(globalDilemmaApi.selection, { params: { id } })).data,
  });

/** The viewer's prior choice on this dilemma (null before choosing) and the latest counts. */
export function useSelection(id: string | undefined) {
  return useQuery({ ...selectionQueryOptions(id ?? ""), enabled: Boolean(id) });
}
