import { groupsApi } from "@eitheror/shared/groups/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { callApi, operationKey } from "@/lib/api-client";

/** Joins with the invite code: the code, not the group id, proves the invitation. */
export function useJoinGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, inviteCode }: { id: string; inviteCode: string }) =>
      callApi(groupsApi.join, { params: { id }, body: { inviteCode } }),
    onSuccess: (_data, { id, inviteCode }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: operationKey(groupsApi.list) }),
        queryClient.invalidateQueries({ queryKey: operationKey(groupsApi.get, { id }) }),
        queryClient.invalidateQueries({
          queryKey: operationKey(groupsApi.invitation, { code: inviteCode }),
        }),
      ]),
  });
}
