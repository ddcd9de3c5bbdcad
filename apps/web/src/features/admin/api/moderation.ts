import { feedbackApi } from "@eitheror/shared/feedback/contract";
import { moderationApi } from "@eitheror/shared/moderation/contract";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { callApi, operationKey } from "@/lib/api-client";

export const moderationQueueQueryOptions = () =>
  queryOptions({
    queryKey: operationKey(moderationApi.queue),
    queryFn: async () => (await callApi(moderationApi.queue)).data.reports,
  });

/** The open reports, oldest first. */
export function useModerationQueue() {
  return useQuery(moderationQueueQueryOptions());
}

/** Dismiss a report, or hide what it names; the queue is read again either way. */
export function useModerate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ reportId, action }: { reportId: string; action: "dismiss" | "hide" }) =>
      callApi(action === "hide" ? moderationApi.hide : moderationApi.dismiss, {
        params: { reportId },
      }),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: moderationQueueQueryOptions().queryKey }),
  });
}

/** Feedback marked done or deleted; the inbox is read again. */
export function useFeedbackAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ feedbackId, action }: { feedbackId: string; action: "done" | "delete" }) =>
      callApi(action === "done" ? feedbackApi.done : feedbackApi.remove, {
        params: { feedbackId },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: operationKey(feedbackApi.inbox) }),
  });
}
