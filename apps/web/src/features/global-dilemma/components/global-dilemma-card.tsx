import { splitPercentages } from "@eitheror/shared/global-dilemma/rules";
import type { GlobalDilemma, Option } from "@eitheror/shared/global-dilemma/schema";
import { Check } from "lucide-react";
import type { ReactNode } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/cn";
import { useGlobalDilemma } from "../api/get-global-dilemma";
import { useSelection } from "../api/get-selection";
import { usePostSelection } from "../api/post-selection";

const todayLabel = new Intl.DateTimeFormat(undefined, {
  weekday: "long",
  month: "long",
  day: "numeric",
  timeZone: "UTC",
}).format(new Date());

const tones = {
  A: { badge: "bg-option-a text-white", fill: "bg-option-a-soft", ring: "ring-option-a" },
  B: { badge: "bg-option-b text-white", fill: "bg-option-b-soft", ring: "ring-option-b" },
} as const;

/** Today's global dilemma: choose A or B, then see how everyone split. */
export function GlobalDilemmaCard() {
  const dilemma = useGlobalDilemma();
  const selection = useSelection(dilemma.data?.id);

  if (dilemma.isError || selection.isError) {
    return (
      <CardFrame>
        <Alert kind="danger">
          We could not load today's dilemma. {(dilemma.error ?? selection.error)?.message}
        </Alert>
        <Button
          variant="secondary"
          className="mt-4"
          onClick={() => (dilemma.isError ? dilemma.refetch() : selection.refetch())}
        >
          Try again
        </Button>
      </CardFrame>
    );
  }
  if (!dilemma.data || !selection.data) return <CardSkeleton />;
  return (
    <DilemmaChoices
      dilemma={selection.data.globalDilemmaData}
      chosen={selection.data.globalDilemmaSelection?.optionSelected ?? null}
    />
  );
}

function DilemmaChoices({ dilemma, chosen }: { dilemma: GlobalDilemma; chosen: Option | null }) {
  const post = usePostSelection(dilemma.id);
  const { percentA, percentB } = splitPercentages(dilemma.countA, dilemma.countB);
  const total = dilemma.countA + dilemma.countB;
  const showSplit = chosen !== null;
  const options = [
    { option: "A" as const, text: dilemma.optionA, percent: percentA },
    { option: "B" as const, text: dilemma.optionB, percent: percentB },
  ];

  return (
    <CardFrame>
      <h2 className="text-balance text-2xl font-bold leading-tight tracking-tight text-slate-900 sm:text-3xl">
        {dilemma.dilemma}
      </h2>
      <div className="mt-6 grid gap-3 md:grid-cols-[1fr_auto_1fr] md:items-stretch">
        {options.map(({ option, text, percent }, index) => (
          <div key={option} className="contents">
            {index === 1 && (
              <span
                aria-hidden
                className="self-center justify-self-center text-xs font-bold tracking-widest text-slate-500"
              >
                OR
              </span>
            )}
            <OptionButton
              option={option}
              text={text}
              percent={showSplit ? percent : null}
              chosen={chosen === option}
              pending={post.isPending && post.variables === option}
              disabled={post.isPending}
              onChoose={() => post.mutate(option)}
            />
          </div>
        ))}
      </div>
      <p aria-live="polite" className="mt-5 min-h-10 text-sm text-slate-500 sm:min-h-5">
        {post.isError
          ? null
          : showSplit
            ? `${total.toLocaleString()} ${total === 1 ? "answer" : "answers"} so far. Changed your mind? Pick the other one.`
            : "Pick one to see how everyone else chose."}
      </p>
      {post.isError && (
        <Alert kind="danger" className="mt-3">
          Your choice was not saved. {post.error.message}
        </Alert>
      )}
    </CardFrame>
  );
}

interface OptionButtonProps {
  option: Option;
  text: string;
  percent: number | null;
  chosen: boolean;
  pending: boolean;
  disabled: boolean;
  onChoose: () => void;
}

function OptionButton({
  option,
  text,
  percent,
  chosen,
  pending,
  disabled,
  onChoose,
}: OptionButtonProps) {
  const tone = tones[option];
  return (
    <button
      type="button"
      aria-pressed={chosen}
      disabled={disabled}
      onClick={onChoose}
      className={cn(
        "group relative flex min-h-20 w-full items-center gap-4 overflow-hidden rounded-2xl bg-white p-4 text-left ring-1 transition md:min-h-32 md:flex-col md:items-start md:justify-between",
        "hover:-translate-y-0.5 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-wait disabled:hover:translate-y-0",
        chosen ? cn("shadow-md ring-2", tone.ring) : "ring-slate-200",
      )}
    >
      <span
        aria-hidden
        style={{ width: `${percent ?? 0}%` }}
        className={cn(
          "absolute inset-y-0 left-0 transition-[width] duration-700 ease-out",
          tone.fill,
        )}
      />
      <span
        aria-hidden
        className={cn(
          "relative flex size-9 shrink-0 items-center justify-center rounded-full text-sm font-bold",
          tone.badge,
        )}
      >
        {pending ? <Spinner className="size-4 text-white" label="Saving" /> : option}
      </span>
      <span className="relative min-w-0 flex-1 text-base font-semibold text-slate-800 sm:text-lg md:flex-none">
        <span className="sr-only">Option {option}: </span>
        {text}
      </span>
      {chosen && (
        <span className="absolute top-2 right-3 flex items-center gap-1 rounded-full bg-white/80 px-2 py-0.5 text-xs font-medium text-slate-700 animate-fade-in">
          <Check aria-hidden className="size-3.5" /> Your pick
        </span>
      )}
      <span
        className={cn(
          "relative text-2xl font-extrabold tabular-nums text-slate-900 transition-opacity duration-300 md:self-end",
          percent === null && "invisible opacity-0",
        )}
      >
        {percent ?? 0}%
      </span>
    </button>
  );
}

function CardFrame({ children }: { children: ReactNode }) {
  return (
    <section
      aria-labelledby="daily-dilemma-label"
      className="rounded-3xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8"
    >
      <p
        id="daily-dilemma-label"
        className="mb-3 text-xs font-semibold uppercase tracking-wider text-brand-700"
      >
        Today's dilemma · {todayLabel}
      </p>
      {children}
    </section>
  );
}

function CardSkeleton() {
  return (
    <CardFrame>
      <div aria-busy className="animate-pulse">
        <span className="sr-only">Loading today's dilemma</span>
        <div className="h-8 w-11/12 rounded-lg bg-slate-200" />
        <div className="mt-2 h-8 w-2/3 rounded-lg bg-slate-200" />
        <div className="mt-6 grid gap-3 md:grid-cols-[1fr_auto_1fr]">
          <div className="h-20 rounded-2xl bg-slate-100 md:h-32" />
          <div className="h-4 md:w-6" />
          <div className="h-20 rounded-2xl bg-slate-100 md:h-32" />
        </div>
        <div className="mt-5 h-10 w-1/2 rounded bg-slate-100 sm:h-5" />
      </div>
    </CardFrame>
  );
}
