import { roundMessages } from "@eitheror/shared/rounds/schema";
import { ChevronDown, CircleHelp } from "lucide-react";

/** The short 'How points work' explainer: closed until asked, keyboard-openable (docs/game-rules.md#points). */
export function HowPointsWork() {
  return (
    <details className="group rounded-2xl bg-surface-muted px-4 py-3 text-sm text-fg-muted">
      <summary className="flex min-h-8 cursor-pointer list-none items-center gap-2 font-semibold text-fg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus [&::-webkit-details-marker]:hidden">
        <CircleHelp aria-hidden className="size-4 text-brand-fg" />
        How points work
        <ChevronDown aria-hidden className="ml-auto size-4 transition group-open:rotate-180" />
      </summary>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {roundMessages.howPointsWork.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </details>
  );
}
