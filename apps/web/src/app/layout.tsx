import { Link, Outlet } from "react-router";
import { appTitle } from "@/config/env";
import { paths } from "@/config/paths";
import { useSession } from "@/features/auth/api/get-session";
import { ProfileMenu } from "@/features/auth/components/profile-menu";
import { useSessionRenewal } from "@/features/auth/hooks/use-session-renewal";

const footerLinkClass =
  "rounded px-1 py-2 text-slate-600 underline-offset-4 hover:text-brand-800 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600";

/** Nav bar with the brand and (signed in) the profile menu; the page; the footer. */
export function AppLayout() {
  const { session, state } = useSession();
  useSessionRenewal();
  const brandTarget = state === "signed-in" ? paths.home : paths.landing;

  return (
    <div className="flex min-h-dvh flex-col">
      <header className="sticky top-0 z-30 border-b border-slate-200/80 bg-white/90 backdrop-blur">
        <nav
          aria-label="Main"
          className="mx-auto flex h-16 max-w-5xl items-center justify-between px-4 sm:px-6"
        >
          <Link
            to={brandTarget}
            className="rounded-lg text-xl font-extrabold tracking-tight text-brand-900 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-600"
          >
            {appTitle}
          </Link>
          {state === "signed-in" && session && <ProfileMenu user={session.user} />}
        </nav>
      </header>
      <main className="mx-auto w-full max-w-5xl flex-1 px-4 py-6 sm:px-6 sm:py-10">
        <Outlet />
      </main>
      <footer className="border-t border-slate-200 bg-white">
        <nav
          aria-label="Footer"
          className="mx-auto flex max-w-5xl flex-wrap items-center justify-center gap-x-6 gap-y-1 px-4 py-5 text-sm"
        >
          <Link to={paths.gameplayDiagram} className={footerLinkClass}>
            Play with Friends
          </Link>
          <Link to={paths.signIn} className={footerLinkClass}>
            Sign In
          </Link>
          <Link to={paths.feedback} className={footerLinkClass}>
            Send Us Feedback
          </Link>
        </nav>
      </footer>
    </div>
  );
}
