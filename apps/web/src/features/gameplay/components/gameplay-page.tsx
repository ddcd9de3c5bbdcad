import { buttonClass } from "@/components/ui/button";
import { Link } from "@/components/ui/link";
import { PageTitle } from "@/components/ui/page-title";
import { paths } from "@/config/paths";
import { GameLoopDiagram } from "./game-loop-diagram";
import { GameRules } from "./game-rules";

/** /gameplay-diagram: how a friend group plays, drawn and then said in words. */
export function GameplayPage() {
  return (
    <div className="mx-auto max-w-5xl space-y-8">
      <PageTitle screen="How to Play" />
      <header className="mx-auto max-w-2xl text-center">
        <p className="text-xs font-semibold uppercase tracking-wider text-brand-fg">
          Play with Friends
        </p>
        <h1 className="mt-2 text-balance text-3xl font-bold tracking-tight text-fg sm:text-4xl">
          How well do your friends know you?
        </h1>
        <p className="mt-3 text-balance text-fg-muted">
          Each round, everyone answers the same dilemma and guesses how each friend answered. Right
          guesses earn points.
        </p>
        <Link
          to={paths.createGroup}
          className={buttonClass(
            "primary",
            "mt-6 animate-soft-pulse px-8 motion-reduce:animate-none",
          )}
        >
          Create Group
        </Link>
      </header>
      <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
        <div className="rounded-3xl bg-surface p-5 shadow-sm ring-1 ring-border sm:p-8">
          <GameLoopDiagram />
        </div>
        <div className="rounded-3xl bg-surface p-5 shadow-sm ring-1 ring-border sm:p-8">
          <GameRules />
        </div>
      </div>
    </div>
  );
}
