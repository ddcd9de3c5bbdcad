import { globalDilemmaTexts } from "@eitheror/shared/global-dilemma/rules";
import type { GlobalDilemma, Option } from "@eitheror/shared/global-dilemma/schema";
import { shellIds } from "@eitheror/shared/shell/markup";
import { ChevronDown, ChevronUp } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { useGlobalDilemma } from "../api/get-global-dilemma";
import { useSelection } from "../api/get-selection";
import { GlobalDilemmaCard } from "./global-dilemma-card";

/** Home's dilemma folds away this long after a choice (docs/product.md#limits). */
export const COLLAPSE_AFTER_MS = 3000;

const compactClass =
  "flex items-center gap-4 rounded-3xl bg-surface p-4 shadow-sm ring-1 ring-border sm:px-6";

/**
 * Home's daily dilemma, collapsible: folded from the start when the viewer
 * already chose, folding itself 3 s after a choice made here. Either way it
 * fades in over 300 ms (animate-fade-in), and Show opens it again.
 */
export function DailyDilemmaPanel() {
  const dilemma = useGlobalDilemma();
  const selection = useSelection(dilemma.data?.id);
  const chosen = selection.data?.globalDilemmaSelection?.optionSelected ?? null;
  const [expanded, setExpanded] = useFolding(selection.isSuccess, chosen);

  // Until the viewer's choice is known, the folded size: most who come home have chosen.
  if (expanded === null && !dilemma.isError && !selection.isError) return <FoldedSkeleton />;
  if (expanded === false && dilemma.data) {
    return (
      <FoldedDilemma dilemma={dilemma.data} chosen={chosen} onShow={() => setExpanded(true)} />
    );
  }
  return (
    <div className="animate-fade-in">
      <GlobalDilemmaCard
        viewerReady
        headingLevel="h2"
        action={
          chosen && (
            <Button variant="ghost" size="sm" aria-expanded onClick={() => setExpanded(false)}>
              Hide <ChevronUp aria-hidden className="size-4" />
            </Button>
          )
        }
      />
    </div>
  );
}

/**
 * Whether the panel is open: null until the viewer's earlier choice is known,
 * then open only without one; a choice made here folds it after COLLAPSE_AFTER_MS.
 */
function useFolding(selectionKnown: boolean, chosen: Option | null) {
  const [expanded, setExpanded] = useState<boolean | null>(null);
  const firstChoice = useRef<string | null | undefined>(undefined);

  // What the viewer had chosen when the page opened decides how it starts.
  useEffect(() => {
    if (!selectionKnown || firstChoice.current !== undefined) return;
    firstChoice.current = chosen;
    setExpanded(chosen === null);
  }, [selectionKnown, chosen]);

  // A choice made on this page: let the split show, then fold.
  const lastSeen = useRef<string | null>(null);
  useEffect(() => {
    if (firstChoice.current === undefined) return;
    const before = lastSeen.current ?? firstChoice.current;
    lastSeen.current = chosen;
    if (chosen === null || chosen === before) return;
    const timer = window.setTimeout(() => setExpanded(false), COLLAPSE_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [chosen]);

  return [expanded, setExpanded] as const;
}

function FoldedSkeleton() {
  return (
    <div aria-busy className={`${compactClass} h-[5.5rem] animate-pulse`}>
      <span className="sr-only">Loading today's dilemma</span>
      <div className="flex-1 space-y-2">
        <div className="h-3 w-24 rounded bg-surface-muted" />
        <div className="h-5 w-3/4 rounded bg-surface-muted" />
      </div>
    </div>
  );
}

/** The folded panel: the day, the question and the viewer's pick, with Show. */
function FoldedDilemma({
  dilemma,
  chosen,
  onShow,
}: {
  dilemma: GlobalDilemma;
  chosen: Option | null;
  onShow: () => void;
}) {
  const pick = chosen === "A" ? dilemma.optionA : dilemma.optionB;
  return (
    <section aria-labelledby={shellIds.dilemmaLabel} className={`${compactClass} animate-fade-in`}>
      <div className="min-w-0 flex-1">
        <p
          id={shellIds.dilemmaLabel}
          className="mb-1 text-xs font-semibold uppercase tracking-wider text-brand-fg"
        >
          {globalDilemmaTexts.dayLabel(dilemma.day)}
        </p>
        <h2 className="truncate text-base font-semibold text-fg">{dilemma.dilemma}</h2>
        {chosen && (
          <p className="truncate text-sm text-fg-muted">
            Your pick: <span className="font-semibold text-fg">{pick}</span>
          </p>
        )}
      </div>
      <Button variant="secondary" size="sm" aria-expanded={false} onClick={onShow}>
        Show <ChevronDown aria-hidden className="size-4" />
      </Button>
    </section>
  );
}
