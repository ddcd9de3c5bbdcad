import type { ErrorCode } from "@eitheror/shared/api/envelope";
import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { ApiError } from "./api-client";

interface QueryClientOptions {
  /**
   * `not_signed_in` (or `invalid_bearer`) means the session ended on the server
   * (expired, or the account was disabled): the app re-reads the session so the
   * guards move the user out.
   */
  onUnauthorized?: (client: QueryClient) => void;
}

const SESSION_GONE: ReadonlySet<string> = new Set<ErrorCode>(["not_signed_in", "invalid_bearer"]);

const isUnauthorized = (error: unknown) =>
  error instanceof ApiError && SESSION_GONE.has(error.code ?? "");

export function createQueryClient({ onUnauthorized }: QueryClientOptions = {}) {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        if (isUnauthorized(error)) onUnauthorized?.(client);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error) => {
        if (isUnauthorized(error)) onUnauthorized?.(client);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Offline, a read with nothing to show yet fails at once and says so (paused, the
        // default, it kept its skeleton until the connection came back); one with an
        // answer keeps showing it rather than asking again. Back online, a failed
        // read is asked again, at once and whatever its age.
        networkMode: "always",
        refetchOnMount: () => navigator.onLine,
        refetchOnReconnect: (query) => (query.state.status === "error" ? "always" : true),
        // A 4xx will not get better by asking again; network trouble or a 5xx might, but
        // not while offline. By status, not code: the retry policy is the status class's,
        // and a proxy's 5xx has no code.
        retry: (failures, error) =>
          failures < 2 &&
          navigator.onLine &&
          !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      },
      // A change sent while offline fails at once and says so, with a way to try again:
      // paused (the default), it would spin until the connection came back.
      mutations: { networkMode: "always" },
    },
  });
  return client;
}
