import { useMutation, useQueryClient } from "@tanstack/react-query";
import { callApi, deferOperation } from "@/lib/api-client";
import { sessionQueryKey } from "./get-session";

/** Deferred: its contract, and zod, load with the first call (docs/decisions/0022). */
const signInAnonymouslyOperation = deferOperation(
  { method: "POST", path: "/auth/sign-in/anonymous" },
  async () => (await import("@eitheror/shared/auth/contract")).authProviderApi.signInAnonymously,
);

export function useSignInAnonymous() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(signInAnonymouslyOperation, { body: {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}
