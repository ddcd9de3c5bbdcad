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
import { ComingSoon } from "./routes/coming-soon";
import { LandingRoute } from "./routes/landing";
import { SignInRoute } from "./routes/sign-in";
import { SignInDetailsRoute } from "./routes/sign-in-details";
import { SignInLinkRouterRoute } from "./routes/sign-in-link-router";
import { UserProfileRoute } from "./routes/user-profile";

const soon = (title: string, description: string) => (
  <ComingSoon title={title} description={description} />
);

/** The route table of spec §2, each path behind the guard of spec §4. */
const router = createBrowserRouter([
  {
    element: <AppLayout />,
    children: [
      {
        element: <GuestSession />,
        children: [
          { path: paths.landing, element: <LandingRoute /> },
          {
            path: paths.invite(),
            element: soon(
              "Group invitation",
              "Joining a friend group from an invitation link is on its way.",
            ),
          },
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
        children: [
          { path: paths.admin, element: soon("Admin", "Generating new dilemmas is on its way.") },
        ],
      },
      {
        element: <RequireSignedIn />,
        children: [
          {
            path: paths.home,
            element: soon("Home", "Your friend groups and the daily dilemma will live here."),
          },
          { path: paths.userProfile(), element: <UserProfileRoute /> },
          {
            path: paths.createGroup,
            element: soon("Create Group", "Creating a private friend group is on its way."),
          },
          { path: paths.group(), element: soon("Group", "Timed group rounds are on their way.") },
          {
            path: paths.groupProfile(),
            element: soon("Group settings", "Group admin tools are on their way."),
          },
          {
            path: paths.archivedRound(),
            element: soon("Past round", "The archive of past rounds is on its way."),
          },
          {
            path: paths.feedback,
            element: soon("Feedback", "Sending us feedback from here is on its way."),
          },
        ],
      },
      {
        path: paths.gameplayDiagram,
        element: soon(
          "How to play with friends",
          "Create a group, predict how each friend chooses, earn points for every right guess. The full guide is on its way.",
        ),
      },
      { path: "*", element: <Navigate to={paths.landing} replace /> },
    ],
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
