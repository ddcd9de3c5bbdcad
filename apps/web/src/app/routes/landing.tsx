import { shellClass } from "@eitheror/shared/shell/markup";
import { useEffect, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { buttonClass } from "@/components/ui/button";
import { ArrowRight, Trophy, UsersRound, Vote } from "@/components/ui/landing-icons";
import { Link } from "@/components/ui/link";
import { PageTitle } from "@/components/ui/page-title";
import { paths } from "@/config/paths";
import { useSession } from "@/features/auth/api/get-session";
import type { SignOutState } from "@/features/auth/api/sign-out";
import { GlobalDilemmaCard } from "@/features/global-dilemma/components/global-dilemma-card";
import { deferred } from "@/lib/deferred";
import { useNavigationNotice } from "../use-navigation-notice";

const steps = [
  { icon: UsersRound, text: "Start a private group and invite your friends with a link." },
  { icon: Vote, text: "Each round, predict how every friend will choose, yourself included." },
  { icon: Trophy, text: "Read your friends right, earn points, and climb the leaderboard." },
];

const readLoggedOut = (state: unknown) =>
  (state as SignOutState | null)?.loggedOut === true ? true : undefined;

/** A member's groups: code of its own, fetched only for a signed-in member (decision 0022). */
const landingGroups = deferred(async () => (await import("../landing-groups")).LandingGroups);

export function LandingRoute() {
  const { session, state, isPending } = useSession();
  // Said once after logging out: the page itself looks as it does for any visitor.
  const loggedOut = useNavigationNotice(readLoggedOut);
  return (
    <div className={shellClass.landing}>
      <PageTitle screen="Today's Dilemma" />
      {loggedOut.notice && (
        <Alert kind="info" onDismiss={loggedOut.dismiss}>
          You have logged out.
        </Alert>
      )}
      <GlobalDilemmaCard viewerReady={Boolean(session)} />
      {state === "signed-in" ? <MemberGroups /> : !isPending && <Pitch />}
    </div>
  );
}

/** In place of the pitch, a member sees their groups; should their code not load, the pitch. */
function MemberGroups() {
  const [Groups, setGroups] = useState(landingGroups.current);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (Groups) return;
    landingGroups.load().then(
      (loaded) => setGroups(() => loaded),
      () => setFailed(true),
    );
  }, [Groups]);
  if (failed) return <Pitch />;
  return Groups ? <Groups /> : null;
}

function Pitch() {
  return (
    <section
      aria-labelledby="play-with-friends"
      className="rounded-3xl bg-hero p-6 text-on-hero sm:p-8"
    >
      <h2 id="play-with-friends" className="text-xl font-bold sm:text-2xl">
        Think you know your friends?
      </h2>
      <ul className="mt-4 grid gap-3 sm:grid-cols-3">
        {steps.map(({ icon: Icon, text }) => (
          <li
            key={text}
            className="flex gap-3 rounded-2xl bg-on-hero/10 p-4 text-sm text-on-hero-muted"
          >
            <Icon aria-hidden className="mt-0.5 size-5 shrink-0 text-hero-accent" />
            {text}
          </li>
        ))}
      </ul>
      <Link to={paths.gameplayDiagram} className={buttonClass("secondary", "mt-6")}>
        See how it works <ArrowRight aria-hidden className="size-4" />
      </Link>
    </section>
  );
}
