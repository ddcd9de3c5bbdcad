import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { paths } from "@/config/paths";
import { deferOperation } from "@/lib/api-client";
import { endSession } from "@/lib/end-session";
import { sessionQueryKey } from "./get-session";

/** Deferred: its contract, and zod, load with the first call (docs/decisions/0022). */
const signOutOperation = deferOperation(
  { method: "POST", path: "/auth/sign-out" },
  async () => (await import("@eitheror/shared/auth/contract")).authProviderApi.signOut,
);

/** What the landing page learns from a log-out: it says so once. */
export interface SignOutState {
  loggedOut?: boolean;
}

/**
 * Log Out: ends the session on the server and goes to `/`; a failure is only
 * logged. No call of the old screen crosses the end (endSession): one set off
 * meanwhile would carry the ended session and be refused.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    // Calls wait for `afterwards`, so it must not wait for one.
    mutationFn: () =>
      endSession(signOutOperation, async (failure) => {
        // The session ends and the page changes in one step: a signed-in screen that
        // saw the end first would send the user to /sign-in, and the landing page,
        // seeing no session, starts a guest visit instead of loading as the old user.
        queryClient.setQueryData(sessionQueryKey, null);
        await navigate(paths.landing, {
          flushSync: true,
          state: { loggedOut: !failure } satisfies SignOutState,
        });
        // Only now, with the old screen gone, can its data go without being asked for again.
        queryClient.removeQueries({
          predicate: (query) => query.queryKey[0] !== sessionQueryKey[0],
        });
      }),
    onError: async (error) => {
      console.warn("Log out failed", error);
      // A failed log-out may have left the session alive: ask the server what is true.
      await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}
