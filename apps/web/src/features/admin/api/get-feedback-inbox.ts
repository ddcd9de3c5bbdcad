import { feedbackApi } from "@eitheror/shared/feedback/contract";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { callApi, operationKey } from "@/lib/api-client";

export const feedbackInboxQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...operationKey(feedbackApi.inbox), { page }],
    queryFn: async () => (await callApi(feedbackApi.inbox, { query: { page } })).data,
    // The page shown stays while the next one loads: the list does not jump.
    placeholderData: keepPreviousData,
  });

/** One page of the feedback inbox, newest first. */
export function useFeedbackInbox(page: number) {
  return useQuery(feedbackInboxQueryOptions(page));
}
