import { type ComponentType, lazy } from "react";
import { Navigate, Route, Routes } from "react-router";
import { paths } from "@/config/paths";
import { GuestSession } from "@/features/auth/components/guest-session";
import { BrowserRouter } from "./browser-router";
import { AppLayout } from "./layout";
import { LandingRoute } from "./routes/landing";

/**
 * A screen (or guard) whose code loads when first shown (docs/decisions/0022): the
 * layout's Suspense shows the page loader meanwhile, where the server painted
 * the same loader, and a navigation keeps the old screen until the new one is there.
 */
function screen<Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name) {
  return lazy(async () => ({ default: (await load())[name] }));
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

/**
 * The route table of docs/product.md#routes-and-guards, each path behind its
 * guard. The landing page comes with the app; every other screen on demand.
 */
export function AppRouter() {
  return (
    <BrowserRouter>
      <Routes>
        <Route element={<AppLayout />}>
          <Route element={<GuestSession />}>
            <Route path={paths.landing} element={<LandingRoute />} />
            {/* Anyone may write to the team, guests included (docs/decisions/0015). */}
            <Route path={paths.feedback} element={<FeedbackRoute />} />
            <Route path={paths.invite()} element={<InviteRoute />} />
          </Route>
          <Route element={<SignInGuard />}>
            <Route path={paths.signIn} element={<SignInRoute />} />
          </Route>
          <Route path={paths.signInLinkRouter} element={<SignInLinkRouterRoute />} />
          <Route element={<DetailsGuard />}>
            <Route path={paths.signInDetails} element={<SignInDetailsRoute />} />
          </Route>
          <Route element={<AdminGuard />}>
            <Route path={paths.admin} element={<AdminRoute />} />
          </Route>
          <Route element={<RequireSignedIn />}>
            <Route path={paths.home} element={<HomeRoute />} />
            <Route path={paths.userProfile()} element={<UserProfileRoute />} />
            <Route path={paths.createGroup} element={<CreateGroupRoute />} />
            <Route path={paths.group()} element={<GroupRoute />} />
            <Route path={paths.groupProfile()} element={<GroupProfileRoute />} />
            <Route path={paths.archivedRound()} element={<ArchivedRoundRoute />} />
          </Route>
          <Route path={paths.gameplayDiagram} element={<GameplayDiagramRoute />} />
          {/* Shared links: anyone may open them, no session needed (docs/decisions/0028). */}
          <Route path={paths.daily()} element={<DailyRoute />} />
          <Route path={paths.sharedRound()} element={<SharedRoundRoute />} />
          <Route path="*" element={<Navigate to={paths.landing} replace />} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
