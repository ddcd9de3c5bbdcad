import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/config/paths";
import { apiRequest } from "@/lib/api-client";
import { sessionQueryKey } from "./get-session";

export function useSignInAnonymous() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(api.signInAnonymous, { method: "POST", body: {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}
