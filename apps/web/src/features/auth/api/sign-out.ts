import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { api, paths } from "@/config/paths";
import { apiRequest } from "@/lib/api-client";
import { sessionQueryKey } from "./get-session";

/** Log Out: ends the session on the server and goes to `/`; a failure is only logged (spec). */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => apiRequest(api.signOut, { method: "POST", body: {} }),
    onError: (error) => console.warn("Log out failed", error),
    onSettled: async () => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
      await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      navigate(paths.landing);
    },
  });
}
