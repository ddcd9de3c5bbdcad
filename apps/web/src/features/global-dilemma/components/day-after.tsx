import { dayAfterTexts, splitPercentages } from "@eitheror/shared/global-dilemma/rules";
import type { GlobalDilemma } from "@eitheror/shared/global-dilemma/schema";
import { optionTone } from "@eitheror/shared/shell/markup";
import { Flame } from "lucide-react";
import { cn } from "@/lib/cn";
import { useYesterday } from "../api/get-global-dilemma";
import { useSelection } from "../api/get-selection";
import { DayAfterSkeleton } from "./day-after-skeleton";

/** The streak line and yesterday's result; nothing of yesterday when there was none. */
export function DayAfter({
  dilemmaId,
  headingLevel,
}: {
  dilemmaId: string;
  headingLevel: "h2" | "h3";
}) {
  const selection = useSelection(dilemmaId);
  const yesterday = useYesterday();
  if (selection.isPending || yesterday.isPending) {
    return <DayAfterSkeleton withYesterday={Boolean(yesterday.data)} />;
  }
  // A failed read leaves its part out: the choice and the split above still stand.
  const streak = selection.data?.streak;
  return (
    <div className="animate-fade-in space-y-4">
      {streak && (
        <p className="flex items-center gap-2 text-sm font-semibold text-fg" data-testid="streak">
          <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-soft">
            <Flame aria-hidden className="size-4 text-brand-fg" />
          </span>
          {dayAfterTexts.streak(streak.days)}
        </p>
      )}
      {yesterday.data && <YesterdayResult dilemma={yesterday.data} headingLevel={headingLevel} />}
    </div>
  );
}

function YesterdayResult({
  dilemma,
  headingLevel: Heading,
}: {
  dilemma: GlobalDilemma;
  headingLevel: "h2" | "h3";
}) {
  const { percentA, percentB } = splitPercentages(dilemma.countA, dilemma.countB);
  const rows = [
    { option: "A" as const, text: dilemma.optionA, percent: percentA },
    { option: "B" as const, text: dilemma.optionB, percent: percentB },
  ];
  return (
    <section aria-labelledby="yesterday-label" className="rounded-2xl bg-surface-muted p-4 sm:p-5">
      <p
        id="yesterday-label"
        className="text-xs font-semibold uppercase tracking-wider text-fg-muted"
      >
        {dayAfterTexts.yesterdayLabel(dilemma.day)}
      </p>
      <Heading className="mt-1 text-base font-semibold text-balance text-fg">
        {dilemma.dilemma}
      </Heading>
      <ul className="mt-3 grid gap-2 sm:grid-cols-2 sm:gap-4">
        {rows.map(({ option, text, percent }) => (
          <li key={option}>
            <div className="flex items-baseline justify-between gap-3 text-sm">
              <span className="min-w-0 truncate text-fg">
                <span className="sr-only">Option {option}: </span>
                {text}
              </span>
              <span className="font-semibold tabular-nums text-fg">{percent}%</span>
            </div>
            <div aria-hidden className="mt-1 h-2 overflow-hidden rounded-full bg-surface">
              <div
                style={{ width: `${percent}%` }}
                className={cn("h-full rounded-full", optionTone[option].solid)}
              />
            </div>
          </li>
        ))}
      </ul>
      <p className="mt-3 text-xs text-fg-muted">
        {dayAfterTexts.finalAnswers(dilemma.countA + dilemma.countB)}
      </p>
    </section>
  );
}
