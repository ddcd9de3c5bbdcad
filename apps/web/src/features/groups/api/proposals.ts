import { proposalsApi } from "@eitheror/shared/dilemmas/proposals-contract";
import type { DilemmaTextInput } from "@eitheror/shared/dilemmas/schema";
import { groupsApi } from "@eitheror/shared/groups/contract";
import type { GroupData } from "@eitheror/shared/groups/schema";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { callApi, operationKey } from "@/lib/api-client";

export const proposalsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: operationKey(proposalsApi.list, { id }),
    queryFn: async () => (await callApi(proposalsApi.list, { params: { id } })).data.proposals,
  });

/** The group's pending proposals: all of them for its admin, their own for a member. */
export function useProposals(id: string) {
  return useQuery(proposalsQueryOptions(id));
}

export function usePropose(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: DilemmaTextInput) =>
      (await callApi(proposalsApi.propose, { params: { id }, body })).data.proposal,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: proposalsQueryOptions(id).queryKey }),
  });
}

export function useDecideProposal(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ proposalId, how }: { proposalId: string; how: "approve" | "reject" }) =>
      callApi(how === "approve" ? proposalsApi.approve : proposalsApi.reject, {
        params: { id, proposalId },
      }),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: proposalsQueryOptions(id).queryKey }),
  });
}

/** The group setting "approve automatically", saved with the group's other fields as they are. */
export function useAutoApprove(group: GroupData) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (autoApproveDilemmas: boolean) => {
      const { name, maxMembers, daysBetweenRounds } = group;
      const body = { name, maxMembers, daysBetweenRounds, autoApproveDilemmas };
      return (await callApi(groupsApi.update, { params: { id: group.id }, body })).data.groupData;
    },
    onSuccess: (groupData) =>
      queryClient.setQueryData(operationKey(groupsApi.get, { id: group.id }), groupData),
  });
}
