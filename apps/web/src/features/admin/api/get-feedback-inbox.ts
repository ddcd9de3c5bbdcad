import { adminApi } from "@eitheror/shared/admin/contract";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { callApi, operationKey } from "@/lib/api-client";

export const feedbackInboxQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...operationKey(adminApi.feedbackInbox), { page }],
    queryFn: async () => (await callApi(adminApi.feedbackInbox, { query: { page } })).data,
    // The page shown stays while the next one loads: the list does not jump.
    placeholderData: keepPreviousData,
  });

/** One page of the feedback inbox, newest first. */
export function useFeedbackInbox(page: number) {
  return useQuery(feedbackInboxQueryOptions(page));
}
