import { groupsApi } from "@eitheror/shared/groups/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { callApi, operationKey } from "@/lib/api-client";

/**
 * The group's own cache entry stays until the page has said 'Group deleted' and
 * moved on: dropping it now would turn the page into "not found" under the message.
 */
export function useDeleteGroup(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(groupsApi.remove, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: operationKey(groupsApi.list) }),
  });
}
