import { ordinal, type PodiumPlace, pointsText } from "@eitheror/shared/share/rules";
import { type RoundTeaser, shareMessages } from "@eitheror/shared/share/schema";
import { ArrowRight, LinkIcon, Trophy } from "lucide-react";
import { Navigate } from "react-router";
import { buttonClass } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { CardHeading } from "@/components/ui/card-heading";
import { Link } from "@/components/ui/link";
import { LoadFailed } from "@/components/ui/load-failed";
import { PageTitle } from "@/components/ui/page-title";
import { appTitle } from "@/config/env";
import { paths } from "@/config/paths";
import { ApiError } from "@/lib/api-client";
import { cn } from "@/lib/cn";
import { useRoundTeaser } from "../api/get-round-teaser";
import { DilemmaHeader } from "./dilemma-header";
import { RoundSkeleton } from "./round-skeleton";

const SCREEN = "Round Results";

/**
 * /shared/round/{shareId}: a closed round a member shared. A member of its group
 * goes on to the archived round; anyone else sees the question and the podium
 * (never a vote or a comment) and an invitation to play.
 */
export function RoundTeaserPage({ shareId }: { shareId: string }) {
  const teaser = useRoundTeaser(shareId);
  if (teaser.isPending) {
    return (
      <div className="space-y-4">
        <PageTitle screen={SCREEN} />
        <h1 className="sr-only">{SCREEN}</h1>
        <RoundSkeleton />
      </div>
    );
  }
  if (teaser.isError) {
    const code = teaser.error instanceof ApiError ? teaser.error.code : null;
    if (code === "not_found" || code === "invalid_input") return <LinkNotFound />;
    return (
      <LoadFailed
        screen={SCREEN}
        what="this round"
        error={teaser.error}
        onRetry={() => teaser.refetch()}
      />
    );
  }
  const { member } = teaser.data;
  if (member) return <Navigate to={paths.archivedRound(member.groupId, member.roundId)} replace />;
  return <Teaser teaser={teaser.data} />;
}

function Teaser({ teaser }: { teaser: RoundTeaser }) {
  return (
    <div className="space-y-6">
      <PageTitle screen={SCREEN} />
      <p className="text-xs font-semibold uppercase tracking-wider text-brand-fg">
        A round of {appTitle} among friends
      </p>
      <DilemmaHeader
        heading="h1"
        dilemma={teaser.dilemma}
        optionA={teaser.optionA}
        optionB={teaser.optionB}
      />
      <section
        aria-labelledby="podium"
        className="rounded-3xl bg-surface p-5 shadow-sm ring-1 ring-border sm:p-8"
      >
        <h2 id="podium" className="flex items-center gap-2 text-lg font-bold text-fg">
          <Trophy aria-hidden className="size-5 text-brand-fg" /> Podium
        </h2>
        <p className="mt-1 text-sm text-fg-muted">
          Who predicted the group's picks best in this round.
        </p>
        <ol className="mt-4 space-y-2">
          {teaser.podium.map((place) => (
            <Place key={`${place.rank}-${place.displayName}`} place={place} />
          ))}
        </ol>
      </section>
      <PlayCallToAction />
    </div>
  );
}

const medal: Record<number, string> = {
  1: "bg-brand text-on-brand",
  2: "bg-brand-soft text-brand-soft-fg",
  3: "bg-surface-muted text-fg",
};

function Place({ place }: { place: PodiumPlace }) {
  return (
    <li className="flex items-center gap-3 rounded-2xl bg-surface-muted/60 p-3 ring-1 ring-border">
      <span
        className={cn(
          "w-14 shrink-0 rounded-full py-1 text-center text-sm font-bold",
          medal[place.rank] ?? medal[3],
        )}
      >
        {ordinal(place.rank)}
      </span>
      <span className="min-w-0 flex-1 font-semibold text-fg">{place.displayName}</span>
      <span className="shrink-0 font-bold tabular-nums text-fg">{pointsText(place.points)}</span>
    </li>
  );
}

function PlayCallToAction() {
  return (
    <section aria-labelledby="play" className="rounded-3xl bg-hero p-6 text-on-hero sm:p-8">
      <h2 id="play" className="text-xl font-bold sm:text-2xl">
        Think you know your friends?
      </h2>
      <p className="mt-2 text-on-hero-muted">
        Start a group, predict how each friend picks, and climb your own leaderboard.
      </p>
      <div className="mt-5 flex flex-wrap gap-3">
        <Link to={paths.gameplayDiagram} className={buttonClass("secondary")}>
          See how it works <ArrowRight aria-hidden className="size-4" />
        </Link>
        <Link
          to={paths.landing}
          className={buttonClass("ghost", "text-on-hero hover:bg-on-hero/10 hover:text-on-hero")}
        >
          Answer today's dilemma
        </Link>
      </div>
    </section>
  );
}

function LinkNotFound() {
  return (
    <Card className="mx-auto max-w-md text-center">
      <CardHeading screen="Link Not Found" icon={<LinkIcon className="size-6" />} centered>
        {shareMessages.roundNotFound}
      </CardHeading>
      <p className="mt-2 text-fg-muted">It may have been copied only in part.</p>
      <Link to={paths.landing} className={buttonClass("primary", "mt-6")}>
        Answer today's dilemma
      </Link>
    </Card>
  );
}
