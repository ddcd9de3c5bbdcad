import { shellClass, shellIds } from "@eitheror/shared/shell/markup";
import { Suspense, useEffect, useState } from "react";
import { Outlet, useLocation } from "react-router";
import { Alert } from "@/components/ui/alert";
import { Button, buttonClass } from "@/components/ui/button";
import { ErrorBoundary } from "@/components/ui/error-boundary";
import { Link } from "@/components/ui/link";
import { PageTitle } from "@/components/ui/page-title";
import { PageLoader } from "@/components/ui/spinner";
import { ThemeMenu } from "@/components/ui/theme-menu";
import { appTitle } from "@/config/env";
import { paths } from "@/config/paths";
import { type Session, useSession } from "@/features/auth/api/get-session";
import { useSessionRenewal } from "@/features/auth/hooks/use-session-renewal";
import { cn } from "@/lib/cn";
import { deferred } from "@/lib/deferred";
import { lazyCode } from "@/lib/lazy-code";

/** Home and the profile menu (the photo, sign-out, the admin check): code for members only. */
const memberNav = deferred(
  async () => (await import("@/features/auth/components/member-nav")).MemberNav,
);
const LazyMemberNav = lazyCode(memberNav.load);

/**
 * A member's end of the header: at once when its code is here already (it is
 * fetched ahead while the details form is open), else as soon as it arrives,
 * with nothing in its place meanwhile, as the server painted it (nor while its
 * code cannot arrive: it is asked for again when the connection is back). Which
 * of the two is decided once, so it never mounts twice.
 */
function MemberEnd({ user }: { user: NonNullable<Session>["user"] }) {
  const [Loaded] = useState(memberNav.current);
  if (Loaded) return <Loaded user={user} />;
  return (
    <ErrorBoundary fallback={() => null}>
      <Suspense>
        <LazyMemberNav user={user} />
      </Suspense>
    </ErrorBoundary>
  );
}

/**
 * In a screen's place when it could not be shown (its code did not arrive:
 * offline, most often): the header and footer stay, and so does the way on.
 */
function ScreenFailed({ onRetry }: { onRetry: () => void }) {
  const offline = !navigator.onLine;
  const title = offline ? "You are offline" : "Could not load this page";
  return (
    <div className="mx-auto max-w-xl">
      <PageTitle screen={title} />
      <h1 className="sr-only">{title}</h1>
      <Alert
        kind="danger"
        action={
          <Button variant="secondary" onClick={onRetry}>
            Try again
          </Button>
        }
      >
        {title}.{" "}
        {offline
          ? "The page will load as soon as you are back online."
          : "Check your connection and try again."}
      </Alert>
    </div>
  );
}

const footerLinkClass =
  "rounded px-1 py-2 text-fg-muted underline-offset-4 hover:text-brand-fg hover:underline focus-visible:outline-2 focus-visible:outline-focus";

/** The first stop of the Tab key: past the header, straight to the page. */
function SkipLink() {
  return (
    <a
      href={`#${shellIds.main}`}
      onClick={(event) => {
        // Focus, not just scroll: the next Tab then continues inside the page.
        event.preventDefault();
        document.getElementById(shellIds.main)?.focus();
      }}
      className={cn(
        buttonClass("secondary"),
        "sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50",
      )}
    >
      Skip to content
    </a>
  );
}

/**
 * Nav bar: the brand (to /home once signed in), then Home and the profile menu
 * for members, or the theme choice and Sign In for guests. The page. The
 * footer, whose Sign In is for guests only. The server paints the frame, the
 * header and the brand first (shared/shell/markup.ts), with the same classes.
 */
export function AppLayout() {
  const { session, state, isPending } = useSession();
  useSessionRenewal();
  const { pathname } = useLocation();
  const signedIn = state === "signed-in" && session;
  const guest = !isPending && (state === "signed-out" || state === "anonymous");
  const onSignInPages = pathname.startsWith(paths.signIn);
  // About to be a member (the details form is open): their end of the header is fetched ahead.
  useEffect(() => {
    if (state === "needs-details") memberNav.load().catch(() => {});
  }, [state]);

  return (
    <div className={shellClass.frame}>
      <SkipLink />
      <header className={shellClass.header}>
        <nav aria-label="Main" className={shellClass.nav}>
          <Link to={signedIn ? paths.home : paths.landing} className={shellClass.brand}>
            {appTitle}
          </Link>
          {signedIn ? (
            <MemberEnd user={session.user} />
          ) : (
            !isPending && (
              <div className="flex items-center gap-1 sm:gap-2">
                <ThemeMenu />
                {guest && !onSignInPages && (
                  <Link to={paths.signIn} className={buttonClass("primary", undefined, "sm")}>
                    Sign In
                  </Link>
                )}
              </div>
            )
          )}
        </nav>
      </header>
      <main id={shellIds.main} tabIndex={-1} className={shellClass.main}>
        {/* A screen still loading: the loader the server painted, in the same place. */}
        <ErrorBoundary
          resetKey={pathname}
          pending={<PageLoader />}
          fallback={(retry) => <ScreenFailed onRetry={retry} />}
        >
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
      <footer className="border-t border-border bg-surface">
        <nav
          aria-label="Footer"
          className="mx-auto flex max-w-5xl flex-wrap items-center justify-center gap-x-6 gap-y-1 px-4 py-5 text-sm"
        >
          <Link to={paths.gameplayDiagram} className={footerLinkClass}>
            Play with Friends
          </Link>
          {guest && (
            <Link to={paths.signIn} className={footerLinkClass}>
              Sign In
            </Link>
          )}
          <Link to={paths.feedback} className={footerLinkClass}>
            Send Us Feedback
          </Link>
        </nav>
      </footer>
    </div>
  );
}
