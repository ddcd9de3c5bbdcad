import { optionTone } from "@eitheror/shared/shell/markup";
import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

/** The dilemma, then option A, 'OR', option B: the top of a round, open or closed. */
export function DilemmaHeader({
  dilemma,
  optionA,
  optionB,
  heading = "h2",
  children,
}: {
  dilemma: string;
  optionA: string;
  optionB: string;
  heading?: "h1" | "h2";
  /** Under the options: the due date, or when it closed. */
  children?: ReactNode;
}) {
  const Heading = heading;
  return (
    <div className="rounded-3xl bg-surface p-5 shadow-sm ring-1 ring-border sm:p-8">
      <Heading className="text-xl font-bold tracking-tight text-fg sm:text-2xl">{dilemma}</Heading>
      <div className="mt-4 grid items-center gap-2 sm:grid-cols-[1fr_auto_1fr] sm:gap-4">
        <OptionBox letter="A" text={optionA} />
        <span className="text-center text-xs font-bold tracking-widest text-fg-subtle">OR</span>
        <OptionBox letter="B" text={optionB} />
      </div>
      {children && <div className="mt-4 text-sm text-fg-muted">{children}</div>}
    </div>
  );
}

function OptionBox({ letter, text }: { letter: "A" | "B"; text: string }) {
  return (
    <p className="flex h-full items-start gap-3 rounded-2xl bg-surface-muted p-3 text-fg sm:p-4">
      <span
        aria-hidden
        className={cn(
          "flex size-7 shrink-0 items-center justify-center rounded-full text-xs font-bold text-on-option",
          optionTone[letter].solid,
        )}
      >
        {letter}
      </span>
      <span className="min-w-0 pt-0.5 font-medium">
        <span className="sr-only">Option {letter}: </span>
        {text}
      </span>
    </p>
  );
}
