import { mailPreferencesApi } from "@eitheror/shared/mail-preferences/contract";
import type { MailPreferences } from "@eitheror/shared/mail-preferences/schema";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { callApi, operationKey } from "@/lib/api-client";

const key = operationKey(mailPreferencesApi.get);

/** Which game e-mails the signed-in person gets. */
export function useMailPreferences() {
  return useQuery({
    queryKey: key,
    queryFn: async () => (await callApi(mailPreferencesApi.get)).data.preferences,
  });
}

/** Saves the whole set; the switches show what the server answered. */
export function useSaveMailPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (preferences: MailPreferences) =>
      (await callApi(mailPreferencesApi.update, { body: preferences })).data.preferences,
    onSuccess: (saved) => queryClient.setQueryData(key, saved),
  });
}
