import { authApi } from "@eitheror/shared/identity/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { callApi } from "@/lib/api-client";
import { sessionQueryKey } from "./get-session";

export function useSignInAnonymous() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(authApi.signInAnonymously, { body: {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}
