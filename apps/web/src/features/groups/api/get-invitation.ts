import { groupsApi } from "@eitheror/shared/groups/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { callApi, operationKey } from "@/lib/api-client";

export const invitationQueryOptions = (code: string) =>
  queryOptions({
    queryKey: operationKey(groupsApi.invitation, { code }),
    queryFn: async () => (await callApi(groupsApi.invitation, { params: { code } })).data.groupData,
  });

/** What an invite link shows; it needs a session (a guest's will do), so it waits for one. */
export function useInvitation(code: string, { enabled }: { enabled: boolean }) {
  // Whether the viewer is a member depends on who asks: a sign-in in between must not reuse the answer.
  return useQuery({ ...invitationQueryOptions(code), enabled, staleTime: 0 });
}
