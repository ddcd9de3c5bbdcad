import { groupsApi } from "@eitheror/shared/groups/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { callApi, operationKey } from "@/lib/api-client";

export const groupsQueryOptions = () =>
  queryOptions({
    queryKey: operationKey(groupsApi.list),
    queryFn: async () => (await callApi(groupsApi.list)).data.groupsData,
  });

/** The viewer's groups, with their member counts (home's My Groups). */
export function useGroups() {
  return useQuery(groupsQueryOptions());
}
