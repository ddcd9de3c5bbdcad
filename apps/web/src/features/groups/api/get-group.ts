import { groupsApi } from "@eitheror/shared/groups/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { callApi, operationKey } from "@/lib/api-client";

export const groupQueryOptions = (id: string) =>
  queryOptions({
    queryKey: operationKey(groupsApi.get, { id }),
    queryFn: async () => (await callApi(groupsApi.get, { params: { id } })).data.groupData,
    // A page reads it before its first render (app/router.tsx): a refusal then is the
    // page's answer, not asked again as the page mounts; Try again, the live events
    // and the connection's return still ask again.
    retryOnMount: false,
  });

/** One group with its members; a stranger's or a deleted group is a 404. */
export function useGroup(id: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...groupQueryOptions(id), enabled });
}
