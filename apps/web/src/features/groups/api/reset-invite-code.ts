import { groupsApi } from "@eitheror/shared/groups/contract";
import type { GroupData } from "@eitheror/shared/groups/schema";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { callApi, operationKey } from "@/lib/api-client";

/** A new invite code: the old link stops working at once. */
export function useResetInviteCode(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await callApi(groupsApi.resetInviteCode, { params: { id } })).data.inviteCode,
    onSuccess: (inviteCode) =>
      queryClient.setQueryData<GroupData>(operationKey(groupsApi.get, { id }), (group) =>
        group ? { ...group, inviteCode } : group,
      ),
  });
}
