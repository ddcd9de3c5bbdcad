import { optionTone } from "@eitheror/shared/shell/markup";
import { roundCardClass as c } from "@eitheror/shared/shell/member-classes";
import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

/**
 * The dilemma, then option A, 'OR', option B: the top of a round, open or closed.
 * The server paints it the same way into a member's page (shell/member-pages.ts).
 */
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
    <div className={c.card}>
      <Heading className={c.question}>{dilemma}</Heading>
      <div className={c.options}>
        <OptionBox letter="A" text={optionA} />
        <span className={c.or}>OR</span>
        <OptionBox letter="B" text={optionB} />
      </div>
      {children && <div className={c.footnote}>{children}</div>}
    </div>
  );
}

function OptionBox({ letter, text }: { letter: "A" | "B"; text: string }) {
  return (
    <p className={c.option}>
      <span aria-hidden className={cn(c.badge, optionTone[letter].solid)}>
        {letter}
      </span>
      <span className={c.optionText}>
        <span className="sr-only">Option {letter}: </span>
        {text}
      </span>
    </p>
  );
}
