import { dilemmaDayLabel, splitPercentages } from "@eitheror/shared/global-dilemma/rules";
import { DAY_PATTERN, type GlobalDilemma } from "@eitheror/shared/global-dilemma/schema";
import { shareMessages } from "@eitheror/shared/share/schema";
import { optionTone } from "@eitheror/shared/shell/markup";
import { ArrowRight, CalendarX } from "lucide-react";
import { Navigate } from "react-router";
import { buttonClass } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { CardHeading } from "@/components/ui/card-heading";
import { Link } from "@/components/ui/link";
import { LoadFailed } from "@/components/ui/load-failed";
import { PageTitle } from "@/components/ui/page-title";
import { paths } from "@/config/paths";
import { ApiError } from "@/lib/api-client";
import { cn } from "@/lib/cn";
import { useDay } from "../api/get-day";

const SCREEN = "Daily Dilemma";
const dayLabel = (day: string) => dilemmaDayLabel(new Date(`${day}T00:00:00Z`));

/**
 * /daily/{day}: what a shared result links to. A past day shows its question and
 * final split, and the way to today's; today's is the landing page (its split
 * stays hidden until the visitor chooses); any other day is not found.
 */
export function DayPage({ day }: { day: string }) {
  const wellFormed = DAY_PATTERN.test(day) && !Number.isNaN(Date.parse(`${day}T00:00:00Z`));
  const read = useDay(day, { enabled: wellFormed });
  if (!wellFormed) return <DayNotFound />;
  if (read.isPending) return <DaySkeleton />;
  if (read.isError) {
    const code = read.error instanceof ApiError ? read.error.code : null;
    if (code === "not_found" || code === "invalid_input") return <DayNotFound />;
    return (
      <LoadFailed
        screen={SCREEN}
        what="this day's dilemma"
        error={read.error}
        onRetry={() => read.refetch()}
      />
    );
  }
  if (read.data.isToday) return <Navigate to={paths.landing} replace />;
  return <PastDay dilemma={read.data.globalDilemmaData} />;
}

function PastDay({ dilemma }: { dilemma: GlobalDilemma }) {
  const { percentA, percentB } = splitPercentages(dilemma.countA, dilemma.countB);
  const total = dilemma.countA + dilemma.countB;
  return (
    <div className="space-y-6">
      <PageTitle screen={`${SCREEN} of ${dayLabel(dilemma.day)}`} />
      <section
        aria-labelledby="day-question"
        className="rounded-3xl bg-surface p-5 shadow-sm ring-1 ring-border sm:p-8"
      >
        <p className="mb-3 text-xs font-semibold uppercase tracking-wider text-brand-fg">
          The dilemma of {dayLabel(dilemma.day)}
        </p>
        <h1
          id="day-question"
          className="text-balance text-2xl font-bold leading-tight tracking-tight text-fg sm:text-3xl"
        >
          {dilemma.dilemma}
        </h1>
        <ul className="mt-6 grid gap-3 md:grid-cols-2">
          <SplitBar letter="A" text={dilemma.optionA} percent={percentA} />
          <SplitBar letter="B" text={dilemma.optionB} percent={percentB} />
        </ul>
        <p className="mt-5 text-sm text-fg-subtle">
          Final split: {total.toLocaleString("en-US")} {total === 1 ? "answer" : "answers"}.
        </p>
      </section>
      <TodayCallToAction />
    </div>
  );
}

function SplitBar({ letter, text, percent }: { letter: "A" | "B"; text: string; percent: number }) {
  const { solid: tone, soft } = optionTone[letter];
  return (
    <li className="relative flex min-h-20 items-center gap-4 overflow-hidden rounded-2xl bg-surface p-4 ring-2 ring-border">
      <span
        aria-hidden
        style={{ width: `${percent}%` }}
        className={cn("absolute inset-y-0 left-0", soft)}
      />
      <span
        aria-hidden
        className={cn(
          "relative flex size-9 shrink-0 items-center justify-center rounded-full text-sm font-bold text-on-option",
          tone,
        )}
      >
        {letter}
      </span>
      <span className="relative min-w-0 flex-1 font-semibold text-fg">
        <span className="sr-only">Option {letter}: </span>
        {text}
      </span>
      <span className="relative text-xl font-extrabold tabular-nums text-fg">{percent}%</span>
    </li>
  );
}

function TodayCallToAction() {
  return (
    <section aria-labelledby="today-cta" className="rounded-3xl bg-hero p-6 text-on-hero sm:p-8">
      <h2 id="today-cta" className="text-xl font-bold sm:text-2xl">
        There is a new dilemma today.
      </h2>
      <p className="mt-2 text-on-hero-muted">Pick yours, then see how everyone split.</p>
      <Link to={paths.landing} className={buttonClass("secondary", "mt-5")}>
        Answer today's dilemma <ArrowRight aria-hidden className="size-4" />
      </Link>
    </section>
  );
}

function DayNotFound() {
  return (
    <Card className="mx-auto max-w-md text-center">
      <CardHeading screen="Dilemma Not Found" icon={<CalendarX className="size-6" />} centered>
        {shareMessages.dayNotFound}
      </CardHeading>
      <p className="mt-2 text-fg-muted">The link may be mistyped, or that day has not come yet.</p>
      <Link to={paths.landing} className={buttonClass("primary", "mt-6")}>
        Answer today's dilemma
      </Link>
    </Card>
  );
}

function DaySkeleton() {
  return (
    <div aria-busy className="space-y-6">
      <PageTitle screen={SCREEN} />
      <h1 className="sr-only">{SCREEN}</h1>
      <div className="h-64 animate-pulse rounded-3xl bg-surface-muted" />
      <div className="h-40 animate-pulse rounded-3xl bg-surface-muted" />
    </div>
  );
}
