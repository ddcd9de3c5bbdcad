import { groupsApi } from "@eitheror/shared/groups/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { callApi, operationKey } from "@/lib/api-client";

/** The group page stays on screen to say 'You successfully left group'; home's list changes. */
export function useLeaveGroup(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(groupsApi.leave, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: operationKey(groupsApi.list) }),
  });
}
