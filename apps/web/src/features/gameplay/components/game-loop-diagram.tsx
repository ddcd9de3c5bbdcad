import {
  CalendarClock,
  ChevronLeft,
  type LucideIcon,
  MessageCircleQuestion,
  Repeat,
  Send,
  Trophy,
  UserPlus,
  Users,
  Vote,
} from "lucide-react";
import { cn } from "@/lib/cn";

interface Step {
  icon: LucideIcon;
  title: string;
  text: string;
}

const setup: Step[] = [
  {
    icon: Users,
    title: "Create a group",
    text: "You are its admin: you name it and set how long a round lasts.",
  },
  {
    icon: UserPlus,
    title: "Invite friends",
    text: "Share the group's link. Anyone who opens it can join.",
  },
];

const round: Step[] = [
  {
    icon: MessageCircleQuestion,
    title: "A round starts",
    text: "Everyone gets the same new dilemma: option A or option B.",
  },
  {
    icon: Vote,
    title: "Predict everyone",
    text: "Guess what every member picks, yourself included (that one is your own answer). Add a comment if you like.",
  },
  {
    icon: Send,
    title: "Submit before the due time",
    text: "Once you have a guess for everyone, submit. It is final.",
  },
  {
    icon: CalendarClock,
    title: "The round closes",
    text: "When everyone has submitted, or when the due time passes. Then all votes and comments show.",
  },
  {
    icon: Trophy,
    title: "Points and leaderboard",
    text: "One point for each friend you guessed right. The round goes to the archive.",
  },
];

function StepItem({ step, number, last }: { step: Step; number: number; last: boolean }) {
  const Icon = step.icon;
  return (
    <li className="relative flex gap-4 pb-6 last:pb-0">
      {!last && (
        <span
          aria-hidden
          className="absolute top-12 bottom-1 left-[1.375rem] w-0.5 rounded bg-border-strong"
        />
      )}
      <span
        aria-hidden
        className="relative flex size-11 shrink-0 items-center justify-center rounded-full bg-brand text-on-brand shadow-sm"
      >
        <Icon className="size-5" />
      </span>
      <div className="pt-1">
        <p className="font-semibold text-fg">
          <span className="text-brand-fg">{number}.</span> {step.title}
        </p>
        <p className="mt-0.5 text-sm text-fg-muted">{step.text}</p>
      </div>
    </li>
  );
}

/** The round's way back: from its last step up to its first, beside the steps. */
function LoopArrow() {
  return (
    <span
      aria-hidden
      className="absolute top-[5.25rem] right-3 bottom-[6.5rem] w-4 rounded-r-xl border-y-2 border-r-2 border-brand-fg/60 sm:right-4"
    >
      <ChevronLeft
        className="-top-[11px] -left-2.5 absolute size-5 text-brand-fg"
        strokeWidth={2.5}
      />
    </span>
  );
}

/**
 * The game's loop, drawn in HTML so it reads aloud, reflows on a phone and
 * follows dark mode: two steps once, then rounds that repeat.
 */
export function GameLoopDiagram({ className }: { className?: string }) {
  return (
    <figure aria-labelledby="game-loop-caption" className={cn("space-y-4", className)}>
      <figcaption id="game-loop-caption" className="text-lg font-bold tracking-tight text-fg">
        The game loop
      </figcaption>
      <ol aria-label="Once per group" className="px-1">
        {setup.map((step, index) => (
          <StepItem key={step.title} step={step} number={index + 1} last={false} />
        ))}
      </ol>
      <div className="relative rounded-3xl border-2 border-dashed border-brand-fg/40 bg-brand-soft/40 p-4 sm:p-5">
        <LoopArrow />
        <p className="mb-4 inline-flex items-center gap-2 rounded-full bg-surface px-3 py-1 text-xs font-semibold uppercase tracking-wider text-brand-fg ring-1 ring-border">
          <Repeat aria-hidden className="size-3.5" /> Every round
        </p>
        <ol aria-label="Every round" start={setup.length + 1} className="pr-7">
          {round.map((step, index) => (
            <StepItem
              key={step.title}
              step={step}
              number={setup.length + index + 1}
              last={index === round.length - 1}
            />
          ))}
        </ol>
        <p className="mt-5 flex items-center gap-2 rounded-2xl bg-surface px-4 py-3 text-sm font-medium text-fg ring-1 ring-border">
          <Repeat aria-hidden className="size-4 shrink-0 text-brand-fg" />
          The next round starts at once with a new dilemma: back to step {setup.length + 1}.
        </p>
      </div>
    </figure>
  );
}
