import { feedbackApi } from "@eitheror/shared/feedback/contract";
import type { FeedbackBody } from "@eitheror/shared/feedback/schema";
import { useMutation } from "@tanstack/react-query";
import { callApi } from "@/lib/api-client";

/** Sends the team one piece of feedback; nothing on screen reads it back, so nothing to invalidate. */
export function useSendFeedback() {
  return useMutation({
    mutationFn: (body: FeedbackBody) => callApi(feedbackApi.create, { body }),
  });
}
