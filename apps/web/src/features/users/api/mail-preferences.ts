import { notificationsApi } from "@eitheror/shared/notifications/contract";
import type { MailPreferences } from "@eitheror/shared/notifications/schema";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { callApi, operationKey } from "@/lib/api-client";

const key = operationKey(notificationsApi.get);

/** Which game e-mails the signed-in person gets. */
export function useMailPreferences() {
  return useQuery({
    queryKey: key,
    queryFn: async () => (await callApi(notificationsApi.get)).data.preferences,
  });
}

/** Saves the whole set; the switches show what the server answered. */
export function useSaveMailPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (preferences: MailPreferences) =>
      (await callApi(notificationsApi.update, { body: preferences })).data.preferences,
    onSuccess: (saved) => queryClient.setQueryData(key, saved),
  });
}
