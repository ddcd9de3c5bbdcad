import type { QueryClient } from "@tanstack/react-query";
import { sessionQueryOptions } from "../api/get-session";
import { renewRetryDelay, sessionCheckDelay } from "./session-timing";

/**
 * Asks the server for the session 5 minutes before it expires, which renews it
 * (docs/product.md#sign-in-flow). A failed ask (network down, server
 * restarting) is retried with a growing wait; the last known session stays in
 * place meanwhile. Answers how to stop.
 */
export function keepSessionAlive(queryClient: QueryClient, expiresAt: number): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  let failures = 0;

  const schedule = (delay: number) => {
    if (!stopped) timer = setTimeout(renew, delay);
  };
  const renew = async () => {
    try {
      const next = await queryClient.fetchQuery({
        ...sessionQueryOptions,
        staleTime: 0,
        retry: false,
      });
      failures = 0;
      // A moved expiry re-runs the caller's effect with the new date; an unchanged one is looked at again when it runs out.
      if (next?.session.expiresAt.getTime() === expiresAt)
        schedule(sessionCheckDelay(expiresAt, Date.now(), true));
    } catch {
      schedule(renewRetryDelay(failures++));
    }
  };

  schedule(sessionCheckDelay(expiresAt, Date.now(), false));
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
