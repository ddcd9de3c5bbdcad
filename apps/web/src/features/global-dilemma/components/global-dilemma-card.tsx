import { globalDilemmaTexts, splitPercentages } from "@eitheror/shared/global-dilemma/rules";
import type { GlobalDilemma, Option } from "@eitheror/shared/global-dilemma/schema";
import { dilemmaClass, optionTone, shellIds } from "@eitheror/shared/shell/markup";
import { type ReactNode, Suspense, useEffect, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Check } from "@/components/ui/landing-icons";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/cn";
import { lazyCode } from "@/lib/lazy-code";
import { useGlobalDilemma } from "../api/get-global-dilemma";
import { useSelection } from "../api/get-selection";
import { usePostSelection } from "../api/post-selection";
import { AfterChoice } from "./after-choice";

// Loaded once the viewer has chosen: the landing page's first paint does without it.
const ShareDailyResult = lazyCode(
  async () => (await import("./share-daily-result")).ShareDailyResult,
);

/**
 * Today's global dilemma: choose A or B, then see how everyone split. The
 * question shows at once (the page brings it along, else it is fetched while
 * the visit starts); the viewer's own earlier choice needs their session, so it
 * is asked for once `viewerReady`.
 */
export function GlobalDilemmaCard({
  viewerReady,
  headingLevel = "h1",
  action,
}: {
  viewerReady: boolean;
  /** The question is the page's h1 on the landing page, a section's h2 on home. */
  headingLevel?: "h1" | "h2";
  /** Beside the day's label (home's Hide button). */
  action?: ReactNode;
}) {
  const dilemma = useGlobalDilemma();
  const selection = useSelection(viewerReady ? dilemma.data?.id : undefined);

  if (dilemma.isError || selection.isError) {
    return (
      <CardFrame action={action}>
        <Alert
          kind="danger"
          action={
            <Button
              variant="secondary"
              onClick={() => (dilemma.isError ? dilemma.refetch() : selection.refetch())}
            >
              Try again
            </Button>
          }
        >
          We could not load today's dilemma. {(dilemma.error ?? selection.error)?.message}
        </Alert>
      </CardFrame>
    );
  }
  if (!dilemma.data) return <CardSkeleton action={action} />;
  return (
    <DilemmaChoices
      // The selection's copy is the newer one: it carries the counts as of the viewer's read.
      dilemma={selection.data?.globalDilemmaData ?? dilemma.data}
      chosen={selection.data?.globalDilemmaSelection?.optionSelected ?? null}
      viewerReady={viewerReady}
      headingLevel={headingLevel}
      action={action}
    />
  );
}

function DilemmaChoices({
  dilemma,
  chosen,
  viewerReady,
  headingLevel: Heading,
  action,
}: {
  dilemma: GlobalDilemma;
  chosen: Option | null;
  viewerReady: boolean;
  headingLevel: "h1" | "h2";
  action?: ReactNode;
}) {
  const { post, choose, saving } = useChoice(dilemma.id, viewerReady);
  const { percentA, percentB } = splitPercentages(dilemma.countA, dilemma.countB);
  const showSplit = chosen !== null;
  const options = [
    { option: "A" as const, text: dilemma.optionA, percent: percentA },
    { option: "B" as const, text: dilemma.optionB, percent: percentB },
  ];

  return (
    <CardFrame action={action} day={dilemma.day}>
      <Heading className={dilemmaClass.question}>{dilemma.dilemma}</Heading>
      <div className={dilemmaClass.options}>
        {options.map(({ option, text, percent }, index) => (
          <div key={option} className="contents">
            {index === 1 && (
              <span aria-hidden className={dilemmaClass.or}>
                {globalDilemmaTexts.or}
              </span>
            )}
            <OptionButton
              option={option}
              text={text}
              percent={showSplit ? percent : null}
              chosen={chosen === option}
              pending={saving === option}
              disabled={saving !== null}
              onChoose={() => choose(option)}
            />
          </div>
        ))}
      </div>
      <UnderOptions
        failure={
          // Unless the failed pick is the one saved now (a pick the service worker kept offline, sent since).
          post.isError && post.variables !== chosen
            ? { message: post.error.message, retry: () => post.mutate(post.variables) }
            : null
        }
        helper={showSplit ? answersSoFar(dilemma) : globalDilemmaTexts.pickPrompt}
      />
      {chosen && (
        <Suspense fallback={<div className="mt-4 h-11" />}>
          <ShareDailyResult dilemma={dilemma} chosen={chosen} />
        </Suspense>
      )}
      {showSplit && viewerReady && (
        <AfterChoice dilemmaId={dilemma.id} headingLevel={Heading === "h1" ? "h2" : "h3"} />
      )}
    </CardFrame>
  );
}

/**
 * Saving the viewer's pick. A pick made while the visit is still starting is
 * queued and sent as soon as it can be; `saving` is the option on its way.
 */
function useChoice(dilemmaId: string, viewerReady: boolean) {
  const post = usePostSelection(dilemmaId);
  const [queued, setQueued] = useState<Option | null>(null);
  const { mutate } = post;
  useEffect(() => {
    if (!viewerReady || queued === null) return;
    setQueued(null);
    mutate(queued);
  }, [viewerReady, queued, mutate]);

  const choose = (option: Option) => (viewerReady ? post.mutate(option) : setQueued(option));
  const saving = post.isPending ? post.variables : queued;
  return { post, choose, saving };
}

/** Under the options: the helper line, or in its place (so the card grows by the alert only) the failed save. */
function UnderOptions({
  failure,
  helper,
}: {
  failure: { message: string; retry: () => void } | null;
  helper: string;
}) {
  if (!failure) {
    return (
      <p aria-live="polite" className={dilemmaClass.helper}>
        {helper}
      </p>
    );
  }
  return (
    <Alert
      kind="danger"
      className="mt-5"
      action={
        <Button variant="secondary" onClick={failure.retry}>
          Try again
        </Button>
      }
    >
      Your choice was not saved. {failure.message}
    </Alert>
  );
}

function answersSoFar({ countA, countB }: GlobalDilemma) {
  const total = countA + countB;
  return `${total.toLocaleString("en-US")} ${total === 1 ? "answer" : "answers"} so far. Changed your mind? Pick the other one.`;
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
  const tone = optionTone[option];
  return (
    <button
      type="button"
      aria-pressed={chosen}
      disabled={disabled}
      onClick={onChoose}
      className={cn(
        dilemmaClass.option,
        chosen ? cn(dilemmaClass.optionChosen, tone.ring) : dilemmaClass.optionIdle,
      )}
    >
      <span aria-hidden className={dilemmaClass.fillClip}>
        <span style={{ width: `${percent ?? 0}%` }} className={cn(dilemmaClass.fill, tone.soft)} />
      </span>
      <span aria-hidden className={cn(dilemmaClass.badge, tone.solid)}>
        {pending ? <Spinner className="size-4 text-on-option" label="Saving" /> : option}
      </span>
      <span className={dilemmaClass.text}>
        <span className="sr-only">Option {option}: </span>
        {text}
      </span>
      <span className={cn(dilemmaClass.percent, percent === null && dilemmaClass.percentHidden)}>
        {percent ?? 0}%
      </span>
      {chosen && (
        <span className={cn(dilemmaClass.pick, tone.solid)}>
          <Check aria-hidden className="size-3.5" /> Your pick
        </span>
      )}
    </button>
  );
}

function CardFrame({
  children,
  action,
  day,
}: {
  children: ReactNode;
  action?: ReactNode;
  /** The dilemma's UTC day, once it is known. */
  day?: string;
}) {
  const label = (
    <p id={shellIds.dilemmaLabel} className={dilemmaClass.label}>
      {globalDilemmaTexts.dayLabel(day ?? new Date())}
    </p>
  );
  return (
    <section aria-labelledby={shellIds.dilemmaLabel} className={dilemmaClass.card}>
      {action ? (
        <div className="-mt-2 flex items-start justify-between gap-3">
          <div className="pt-2">{label}</div>
          {action}
        </div>
      ) : (
        label
      )}
      {children}
    </section>
  );
}

/** Only when the page came without today's dilemma (the server could not read it). */
function CardSkeleton({ action }: { action?: ReactNode }) {
  return (
    <CardFrame action={action}>
      <div aria-busy className="animate-pulse">
        <span className="sr-only">Loading today's dilemma</span>
        <div className="h-8 w-11/12 rounded-lg bg-surface-muted" />
        <div className="mt-2 h-8 w-2/3 rounded-lg bg-surface-muted" />
        <div className="mt-6 grid gap-3 md:grid-cols-[1fr_auto_1fr]">
          <div className="h-20 rounded-2xl bg-surface-muted md:h-24" />
          <div className="h-4 md:w-6" />
          <div className="h-20 rounded-2xl bg-surface-muted md:h-24" />
        </div>
        <div className="mt-5 h-10 w-1/2 rounded bg-surface-muted sm:h-5" />
      </div>
    </CardFrame>
  );
}
