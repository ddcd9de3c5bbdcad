import { queryOptions, useQuery } from "@tanstack/react-query";
import { callApi, deferOperation, operationKey } from "@/lib/api-client";

/** Deferred: its contract, and zod, load with the first call (docs/decisions/0022). */
const selectionOperation = deferOperation(
  { method: "GET", path: "/dilemmas/global/:id/selection" },
  async () => (await import("@eitheror/shared/global-dilemma/contract")).globalDilemmaApi.selection,
);

export const selectionQueryKey = (id: string) => operationKey(selectionOperation, { id });

export const selectionQueryOptions = (id: string) =>
  queryOptions({
    queryKey: selectionQueryKey(id),
    queryFn: async () => (await callApi(selectionOperation, { params: { id } })).data,
  });

/** The viewer's prior choice on this dilemma (null before choosing) and the latest counts. */
export function useSelection(id: string | undefined) {
  return useQuery({ ...selectionQueryOptions(id ?? ""), enabled: Boolean(id) });
}
