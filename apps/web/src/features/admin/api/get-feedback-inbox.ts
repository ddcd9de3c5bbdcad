import { feedbackApi } from "@eitheror/shared/feedback/contract";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { callApi, operationKey } from "@/lib/api-client";

export const feedbackInboxQueryOptions = (page: number, q = "") =>
  queryOptions({
    queryKey: [...operationKey(feedbackApi.inbox), { page, q }],
    queryFn: async () =>
      (await callApi(feedbackApi.inbox, { query: { page, ...(q ? { q } : {}) } })).data,
    // The page shown stays while the next one loads: the list does not jump.
    placeholderData: keepPreviousData,
  });

/** One page of the feedback inbox, newest first; with `q`, only what holds it. */
export function useFeedbackInbox(page: number, q = "") {
  return useQuery(feedbackInboxQueryOptions(page, q));
}
