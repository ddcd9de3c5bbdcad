import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { sessionQueryOptions, useSession } from "../api/get-session";
import { renewRetryDelay, sessionCheckDelay } from "../utils/session-timing";

/**
 * Keeps the session alive while the app is open (docs/product.md#sign-in-flow): asking the
 * server for the session 5 minutes before it expires renews it. A failed ask
 * (network down, server restarting) is retried with a growing wait; the last
 * known session stays in place meanwhile. A session the server no longer knows
 * comes back as null, and the guards move the user out.
 */
export function useSessionRenewal() {
  const queryClient = useQueryClient();
  const { session } = useSession();
  const expiresAt = session?.session.expiresAt.getTime();

  useEffect(() => {
    if (expiresAt === undefined) return;
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
        // A moved expiry re-runs this effect with the new date; an unchanged one is looked at again when it runs out.
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
  }, [expiresAt, queryClient]);
}
