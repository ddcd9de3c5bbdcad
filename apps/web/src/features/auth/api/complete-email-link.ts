import { authApi } from "@eitheror/shared/auth/contract";
import type { CompleteEmailLinkBody } from "@eitheror/shared/auth/schema";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { callApi } from "@/lib/api-client";
import { emailForSignIn } from "@/lib/email-for-sign-in";
import { refreshSession, sessionQueryKey } from "./get-session";

/**
 * Trades the link's token and the address for a session (the server sets the
 * cookie). Whatever was cached belonged to the previous (guest) visitor, so it
 * goes, and the new session is read before anyone is routed on.
 */
export function useCompleteEmailLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CompleteEmailLinkBody) =>
      (await callApi(authApi.completeEmailLink, { body })).data.userData,
    onSuccess: async () => {
      emailForSignIn.clear();
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
      await refreshSession(queryClient);
    },
  });
}
