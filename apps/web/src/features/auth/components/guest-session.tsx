import { useEffect, useRef } from "react";
import { Outlet } from "react-router";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useSession } from "../api/get-session";
import { useSignInAnonymous } from "../api/sign-in-anonymous";

/**
 * The landing and invite pages work for anyone: a visitor with no session gets an
 * anonymous one, so their choices count and can later move to a real account.
 * The page shows at once; what it needs the session for waits for it. It comes
 * with the app (the other guards load with the screens they guard).
 */
export function GuestSession() {
  const { state, isPending } = useSession();
  const signInAnonymous = useSignInAnonymous();
  const needsGuest = !isPending && state === "signed-out";
  const { mutate } = signInAnonymous;
  // One guest per signed-out spell, even when React runs the effect twice
  // (StrictMode); logging out on this very page starts the next one.
  const started = useRef(false);

  useEffect(() => {
    if (!needsGuest) {
      started.current = false;
      return;
    }
    if (started.current) return;
    started.current = true;
    mutate();
  }, [needsGuest, mutate]);

  // Only while nobody is signed in: offline, the session this browser kept may arrive after the failure.
  if (signInAnonymous.isError && state === "signed-out") {
    return (
      <div className="mx-auto max-w-md">
        <Alert
          kind="danger"
          action={<Button onClick={() => signInAnonymous.mutate()}>Try again</Button>}
        >
          We could not start your visit. {signInAnonymous.error.message}
        </Alert>
      </div>
    );
  }
  return <Outlet />;
}
