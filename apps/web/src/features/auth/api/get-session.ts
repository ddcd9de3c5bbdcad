import { type SignInState, signInState } from "@eitheror/shared/auth/rules";
import type { Session } from "@eitheror/shared/auth/schema";
import { type QueryClient, queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { callApi, deferOperation, operationKey } from "@/lib/api-client";

/** Deferred: its contract, and zod, load with the first call (docs/decisions/0022). */
const sessionOperation = deferOperation(
  { method: "GET", path: "/auth/get-session" },
  async () => (await import("@eitheror/shared/auth/contract")).authProviderApi.session,
);

export type { Session };

export const sessionQueryKey = operationKey(sessionOperation);

export const sessionQueryOptions = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: () => callApi(sessionOperation),
  staleTime: 5 * 60_000,
});

/**
 * Reads the session from the server now, for a change the cache cannot know of
 * (a sign-in, a new name or photo), and resolves once every screen sees it.
 */
export async function refreshSession(queryClient: QueryClient) {
  // A read already under way may have left before the change: it must not be the answer.
  await queryClient.cancelQueries({ queryKey: sessionQueryKey });
  return queryClient.fetchQuery({ ...sessionQueryOptions, staleTime: 0 });
}

/** `refreshSession` for screens outside this feature, which get it from their route. */
export function useRefreshSession() {
  const queryClient = useQueryClient();
  return () => refreshSession(queryClient);
}

/** The current session and where it stands (docs/product.md#routes-and-guards). */
export function useSession(): {
  session: Session | undefined;
  state: SignInState;
  isPending: boolean;
} {
  const query = useQuery(sessionQueryOptions);
  return {
    session: query.data,
    state: signInState(query.data?.user),
    isPending: query.isPending,
  };
}
