import { createBrowserRouter, Navigate } from "react-router";
// The DOM build of the provider: it lets a navigation commit at once ({ flushSync }), which Log Out needs.
import { RouterProvider } from "react-router/dom";
import { paths } from "@/config/paths";
import {
  AdminGuard,
  DetailsGuard,
  GuestSession,
  RequireSignedIn,
  SignInGuard,
} from "@/features/auth/components/guards";
import { AppLayout } from "./layout";
import { AdminRoute } from "./routes/admin";
import { ArchivedRoundRoute } from "./routes/archived-round";
import { CreateGroupRoute } from "./routes/create-group";
import { FeedbackRoute } from "./routes/feedback";
import { GameplayDiagramRoute } from "./routes/gameplay-diagram";
import { GroupRoute } from "./routes/group";
import { GroupProfileRoute } from "./routes/group-profile";
import { HomeRoute } from "./routes/home";
import { InviteRoute } from "./routes/invite";
import { LandingRoute } from "./routes/landing";
import { SignInRoute } from "./routes/sign-in";
import { SignInDetailsRoute } from "./routes/sign-in-details";
import { SignInLinkRouterRoute } from "./routes/sign-in-link-router";
import { UserProfileRoute } from "./routes/user-profile";

/** The route table of docs/product.md#routes-and-guards, each path behind its guard. */
const router = createBrowserRouter([
  {
    element: <AppLayout />,
    children: [
      {
        element: <GuestSession />,
        children: [
          { path: paths.landing, element: <LandingRoute /> },
          // Anyone may write to the team, guests included (docs/decisions/0015).
          { path: paths.feedback, element: <FeedbackRoute /> },
          { path: paths.invite(), element: <InviteRoute /> },
        ],
      },
      {
        element: <SignInGuard />,
        children: [{ path: paths.signIn, element: <SignInRoute /> }],
      },
      { path: paths.signInLinkRouter, element: <SignInLinkRouterRoute /> },
      {
        element: <DetailsGuard />,
        children: [{ path: paths.signInDetails, element: <SignInDetailsRoute /> }],
      },
      {
        element: <AdminGuard />,
        children: [{ path: paths.admin, element: <AdminRoute /> }],
      },
      {
        element: <RequireSignedIn />,
        children: [
          { path: paths.home, element: <HomeRoute /> },
          { path: paths.userProfile(), element: <UserProfileRoute /> },
          { path: paths.createGroup, element: <CreateGroupRoute /> },
          { path: paths.group(), element: <GroupRoute /> },
          { path: paths.groupProfile(), element: <GroupProfileRoute /> },
          {
            path: paths.archivedRound(),
            element: <ArchivedRoundRoute />,
          },
        ],
      },
      { path: paths.gameplayDiagram, element: <GameplayDiagramRoute /> },
      { path: "*", element: <Navigate to={paths.landing} replace /> },
    ],
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
