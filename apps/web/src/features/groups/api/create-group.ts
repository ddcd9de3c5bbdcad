import { groupsApi } from "@eitheror/shared/groups/contract";
import type { GroupFields } from "@eitheror/shared/groups/schema";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { callApi, operationKey } from "@/lib/api-client";

export function useCreateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (fields: GroupFields) =>
      (await callApi(groupsApi.create, { body: fields })).data.groupId,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: operationKey(groupsApi.list) }),
  });
}
