import { groupsApi } from "@eitheror/shared/groups/contract";
import { moderationApi } from "@eitheror/shared/moderation/contract";
import type { CommentKey, ReportBodyInput } from "@eitheror/shared/moderation/schema";
import { roundsApi } from "@eitheror/shared/rounds/contract";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { callApi, operationKey } from "@/lib/api-client";

/** Whether the viewer is the group's admin (the group as the group page reads it, shared in the cache). */
export const groupAdminQueryOptions = (groupId: string) =>
  queryOptions({
    queryKey: operationKey(groupsApi.get, { id: groupId }),
    queryFn: async () => (await callApi(groupsApi.get, { params: { id: groupId } })).data.groupData,
    // A page reads it before its first render (app/router.tsx): a refusal then is the
    // page's answer, not asked again as the page mounts; Try again, the live events
    // and the connection's return still ask again.
    retryOnMount: false,
  });

export function useIsGroupAdmin(groupId: string, viewerId: string) {
  const group = useQuery(groupAdminQueryOptions(groupId));
  return group.data?.admin === viewerId;
}

/** A member reports the closed round's dilemma or a comment, with a reason. */
export function useReport(groupId: string, roundId: string) {
  return useMutation({
    mutationFn: async (body: ReportBodyInput) =>
      callApi(moderationApi.report, { params: { id: groupId, roundId }, body }),
  });
}

/** The group's admin hides a comment; the round's votes are read again. */
export function useHideComment(groupId: string, roundId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (key: CommentKey) =>
      callApi(moderationApi.hideComment, { params: { id: groupId, roundId }, body: key }),
    onSettled: () =>
      queryClient.invalidateQueries({
        queryKey: operationKey(roundsApi.votes, { id: groupId, roundId }),
      }),
  });
}
