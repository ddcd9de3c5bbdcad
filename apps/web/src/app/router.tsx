import type { QueryClient } from "@tanstack/react-query";
import type { ComponentType, ReactNode } from "react";
import { matchRoutes, Navigate, type RouteObject, useRoutes } from "react-router";
import { paths } from "@/config/paths";
import { GuestSession } from "@/features/auth/components/guest-session";
import { deferred } from "@/lib/deferred";
import type { FirstReads } from "@/lib/first-reads";
import { lazyCode } from "@/lib/lazy-code";
import { BrowserRouter } from "./browser-router";
import { AppLayout } from "./layout";
import { LandingRoute } from "./routes/landing";

/** A screen (or guard) whose code loads on demand; `start` fetches it ahead, then its first reads. */
type Screen = ComponentType & { start: FirstReads };

/**
 * A screen (or guard) whose code loads when first shown (docs/decisions/0022), or
 * sooner through `start`, which then asks for its first reads: the layout's Suspense
 * shows the page loader meanwhile, where the server painted the same loader, and a
 * navigation keeps the old screen until the new one is there. Code that does not
 * arrive (offline, a new release) is the layout's error boundary's to say, and is
 * fetched again on its retry.
 */
function screen<Name extends string>(
  load: () => Promise<Record<Name, ComponentType> & { firstReads?: FirstReads }>,
  name: Name,
): Screen {
  const code = deferred(load);
  const Lazy = lazyCode(async () => (await code.load())[name]);
  // Code already there (fetched ahead) renders at once: suspending for it would show
  // the loader again, and React then holds the screen back up to 300 ms after it.
  const Shown = () => {
    const Loaded = code.current()?.[name] ?? Lazy;
    return <Loaded />;
  };
  const start: FirstReads = async (client, params) =>
    (await code.load()).firstReads?.(client, params);
  return Object.assign(Shown, { start });
}

// The guards of the screens that need a session load with them (GuestSession, the landing's, does not).
const guards = () => import("@/features/auth/components/guards");
const AdminGuard = screen(guards, "AdminGuard");
const DetailsGuard = screen(guards, "DetailsGuard");
const RequireSignedIn = screen(guards, "RequireSignedIn");
const SignInGuard = screen(guards, "SignInGuard");

const AdminRoute = screen(() => import("./routes/admin"), "AdminRoute");
const ArchivedRoundRoute = screen(() => import("./routes/archived-round"), "ArchivedRoundRoute");
const CreateGroupRoute = screen(() => import("./routes/create-group"), "CreateGroupRoute");
const DailyRoute = screen(() => import("./routes/daily"), "DailyRoute");
const FeedbackRoute = screen(() => import("./routes/feedback"), "FeedbackRoute");
const GameplayDiagramRoute = screen(
  () => import("./routes/gameplay-diagram"),
  "GameplayDiagramRoute",
);
const GroupRoute = screen(() => import("./routes/group"), "GroupRoute");
const GroupProfileRoute = screen(() => import("./routes/group-profile"), "GroupProfileRoute");
const HomeRoute = screen(() => import("./routes/home"), "HomeRoute");
const InviteRoute = screen(() => import("./routes/invite"), "InviteRoute");
const SharedRoundRoute = screen(() => import("./routes/shared-round"), "SharedRoundRoute");
const SignInRoute = screen(() => import("./routes/sign-in"), "SignInRoute");
const SignInDetailsRoute = screen(() => import("./routes/sign-in-details"), "SignInDetailsRoute");
const SignInLinkRouterRoute = screen(
  () => import("./routes/sign-in-link-router"),
  "SignInLinkRouterRoute",
);
const UserProfileRoute = screen(() => import("./routes/user-profile"), "UserProfileRoute");

/** What a route of the table shows, and the code and reads it needs on a direct visit. */
interface Shows {
  element: ReactNode;
  handle?: { start: FirstReads };
}

function shows(Component: ComponentType | Screen): Shows {
  const start = "start" in Component ? Component.start : undefined;
  return { element: <Component />, ...(start && { handle: { start } }) };
}

const at = (path: string, Component: ComponentType | Screen): RouteObject => ({
  path,
  ...shows(Component),
});

/**
 * The route table of docs/product.md#routes-and-guards, each path behind its
 * guard. The landing page comes with the app; every other screen on demand.
 */
const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      {
        ...shows(GuestSession),
        children: [at(paths.landing, LandingRoute), at(paths.invite(), InviteRoute)],
      },
      { ...shows(SignInGuard), children: [at(paths.signIn, SignInRoute)] },
      at(paths.signInLinkRouter, SignInLinkRouterRoute),
      { ...shows(DetailsGuard), children: [at(paths.signInDetails, SignInDetailsRoute)] },
      { ...shows(AdminGuard), children: [at(paths.admin, AdminRoute)] },
      {
        ...shows(RequireSignedIn),
        children: [
          at(paths.home, HomeRoute),
          at(paths.userProfile(), UserProfileRoute),
          at(paths.createGroup, CreateGroupRoute),
          at(paths.group(), GroupRoute),
          at(paths.groupProfile(), GroupProfileRoute),
          at(paths.archivedRound(), ArchivedRoundRoute),
          // Feedback is for signed-in people (docs/decisions/0041).
          at(paths.feedback, FeedbackRoute),
        ],
      },
      at(paths.gameplayDiagram, GameplayDiagramRoute),
      // Shared links: anyone may open them, no session needed (docs/decisions/0028).
      at(paths.daily(), DailyRoute),
      at(paths.sharedRound(), SharedRoundRoute),
      { path: "*", element: <Navigate to={paths.landing} replace /> },
    ],
  },
];

/**
 * Starts fetching the code of the screen at `pathname` and of its guard, and then
 * their first reads (the session, a member page's data), side by side: a direct
 * visit to a signed-in screen waits for neither guard nor screen after the other.
 * What a path needs is the same code and reads its route asks for when shown; the
 * landing page needs none. Resolves once all are in (a read that failed too: its
 * screen says so); rejects when code could not be fetched.
 */
export function startScreenOf(pathname: string, client: QueryClient): Promise<unknown> {
  const matches = matchRoutes(routes, pathname) ?? [];
  return Promise.all(matches.map(({ route, params }) => route.handle?.start(client, params)));
}

function AppRoutes() {
  return useRoutes(routes);
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
