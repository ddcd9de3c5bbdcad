import { ArrowRight, Trophy, UsersRound, Vote } from "lucide-react";
import { Link } from "react-router";
import { buttonClass } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { GlobalDilemmaCard } from "@/features/global-dilemma/components/global-dilemma-card";

const steps = [
  { icon: UsersRound, text: "Start a private group and invite your friends with a link." },
  { icon: Vote, text: "Each round, predict how every friend will choose, yourself included." },
  { icon: Trophy, text: "Read your friends right, earn points, and climb the leaderboard." },
];

export function LandingRoute() {
  return (
    <div className="space-y-8 sm:space-y-10">
      <GlobalDilemmaCard />
      <section
        aria-labelledby="play-with-friends"
        className="rounded-3xl bg-brand-900 p-6 text-white sm:p-8"
      >
        <h2 id="play-with-friends" className="text-xl font-bold sm:text-2xl">
          Think you know your friends?
        </h2>
        <ul className="mt-4 grid gap-3 sm:grid-cols-3">
          {steps.map(({ icon: Icon, text }) => (
            <li key={text} className="flex gap-3 rounded-2xl bg-white/10 p-4 text-sm text-brand-50">
              <Icon aria-hidden className="mt-0.5 size-5 shrink-0 text-orange-200" />
              {text}
            </li>
          ))}
        </ul>
        <Link
          to={paths.gameplayDiagram}
          className={buttonClass("secondary", "mt-6 ring-0 text-brand-900")}
        >
          See how it works <ArrowRight aria-hidden className="size-4" />
        </Link>
      </section>
    </div>
  );
}
