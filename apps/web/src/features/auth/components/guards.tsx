import { safeReturnUrl, signInState } from "@eitheror/shared/auth/rules";
import { type QueryClient, useQuery } from "@tanstack/react-query";
import { Navigate, Outlet, useLocation } from "react-router";
import { LoadFailed } from "@/components/ui/load-failed";
import { PageLoader } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { useIsAdmin } from "../api/check-admin";
import { sessionQueryOptions, useSession } from "../api/get-session";

/** Every guard decides by the session: a direct visit reads it before the first render (app/router.tsx). */
export const firstReads = (client: QueryClient) => client.prefetchQuery(sessionQueryOptions);

/**
 * Whether the session read ahead lets the viewer into a member's screen: the screen's
 * own first reads wait for it, so a visitor who is not signed in is sent to sign in
 * without a round of refused reads.
 */
export async function signedInAhead(client: QueryClient) {
  const session = await client.ensureQueryData(sessionQueryOptions).catch(() => undefined);
  return signInState(session?.user) === "signed-in";
}

/** Where to come back to after signing in, carried in navigation state (docs/product.md#routes-and-guards). */
export interface ReturnState {
  returnUrl?: string;
  /** The group a guest is signing in to join: the sign-in page names it. */
  joining?: string;
}

function useReturnState(): ReturnState {
  const location = useLocation();
  return { returnUrl: `${location.pathname}${location.search}` };
}

/**
 * The session read that failed with nothing to show (offline at the page's
 * first load, the app started by the service worker), and how to ask again;
 * null otherwise. Here, not beside `useSession`: the landing page does without it.
 */
function useSessionReadFailure(): { error: Error; retry: () => void } | null {
  const query = useQuery(sessionQueryOptions);
  if (!query.isError || query.data !== undefined) return null;
  return { error: query.error, retry: () => void query.refetch() };
}

/**
 * In a guarded screen's place when the session could not be read: who the
 * visitor is stays unknown, so nobody is sent to sign in; the read is asked
 * again when the connection is back (lib/query-client.ts).
 */
function SessionUnknown({ error, retry }: { error: Error; retry: () => void }) {
  return (
    <LoadFailed
      screen={navigator.onLine ? "Could not load this page" : "You are offline"}
      what="your account"
      error={error}
      onRetry={retry}
    />
  );
}

/** Screens for fully signed-in users; others go to sign in first, then come back. */
export function RequireSignedIn() {
  const { state, isPending } = useSession();
  const failure = useSessionReadFailure();
  const returnState = useReturnState();
  if (isPending) return <PageLoader />;
  if (failure) return <SessionUnknown {...failure} />;
  if (state === "signed-in") return <Outlet />;
  if (state === "needs-details")
    return <Navigate to={paths.signInDetails} state={returnState} replace />;
  return <Navigate to={paths.signIn} state={returnState} replace />;
}

/** /sign-in: anonymous or signed-out visitors stay; everyone else is further along. */
export function SignInGuard() {
  const { state, isPending } = useSession();
  const location = useLocation();
  if (isPending) return <PageLoader />;
  if (state === "signed-in") return <Navigate to={paths.home} replace />;
  if (state === "needs-details")
    return <Navigate to={paths.signInDetails} state={location.state} replace />;
  return <Outlet />;
}

/**
 * /sign-in/details: only for a verified user who has no name yet. Once the name
 * is saved the user is signed in and moves on: to where they were going, else
 * /home (docs/product.md#sign-in-flow).
 */
export function DetailsGuard() {
  const { state, isPending } = useSession();
  const location = useLocation();
  if (isPending) return <PageLoader />;
  if (state === "needs-details") return <Outlet />;
  if (state === "signed-in") {
    const returnUrl = safeReturnUrl((location.state as ReturnState | null)?.returnUrl);
    return <Navigate to={returnUrl ?? paths.home} replace />;
  }
  return <Navigate to={paths.landing} replace />;
}

/** /admin: a verified, non-anonymous user whom the server calls an admin. */
export function AdminGuard() {
  const { session, state, isPending } = useSession();
  const failure = useSessionReadFailure();
  const isAdmin = useIsAdmin(state === "signed-in" ? session?.user.id : undefined);
  if (isPending) return <PageLoader />;
  if (failure) return <SessionUnknown {...failure} />;
  if (state === "signed-out" || state === "anonymous")
    return <Navigate to={paths.signIn} state={{ returnUrl: paths.admin }} replace />;
  if (state !== "signed-in") return <Navigate to={paths.home} replace />;
  if (isAdmin.isPending) return <PageLoader />;
  return isAdmin.data ? <Outlet /> : <Navigate to={paths.home} replace />;
}
