import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useSession } from "../api/get-session";

/**
 * Keeps the session alive while the app is open (`keepSessionAlive`). A session
 * the server no longer knows comes back as null, and the guards move the user
 * out. The renewal's code comes when there is a session to keep: the first
 * renewal is minutes away, so the landing page's first load does without it
 * (docs/decisions/0022-landing-page-weight.md).
 */
export function useSessionRenewal() {
  const queryClient = useQueryClient();
  const { session } = useSession();
  const expiresAt = session?.session.expiresAt.getTime();

  useEffect(() => {
    if (expiresAt === undefined) return;
    let stop: (() => void) | undefined;
    let stopped = false;
    const start = () =>
      import("../utils/session-renewal").then(
        ({ keepSessionAlive }) => {
          if (!stopped) stop = keepSessionAlive(queryClient, expiresAt);
        },
        // Its code did not arrive (offline): asked for again when the connection is back.
        () => addEventListener("online", start, { once: true }),
      );
    start();
    return () => {
      stopped = true;
      stop?.();
      removeEventListener("online", start);
    };
  }, [expiresAt, queryClient]);
}
