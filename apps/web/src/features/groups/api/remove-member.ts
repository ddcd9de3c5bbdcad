import { groupsApi } from "@eitheror/shared/groups/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { callApi, operationKey } from "@/lib/api-client";

export function useRemoveMember(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ memberId }: { memberId: string; name: string }) =>
      callApi(groupsApi.removeMember, { params: { id, memberId } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: operationKey(groupsApi.get, { id }) }),
        queryClient.invalidateQueries({ queryKey: operationKey(groupsApi.list) }),
      ]),
  });
}
