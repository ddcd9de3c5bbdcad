import { groupsApi } from "@eitheror/shared/groups/contract";
import type { GroupFields } from "@eitheror/shared/groups/schema";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { callApi, operationKey } from "@/lib/api-client";

export function useUpdateGroup(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (fields: GroupFields) =>
      (await callApi(groupsApi.update, { params: { id }, body: fields })).data.groupData,
    onSuccess: (groupData) => {
      queryClient.setQueryData(operationKey(groupsApi.get, { id }), groupData);
      return queryClient.invalidateQueries({ queryKey: operationKey(groupsApi.list) });
    },
  });
}
