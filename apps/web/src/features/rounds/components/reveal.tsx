import { listOfNames, rankChange, revealMessages as text } from "@eitheror/shared/rounds/reveal";
import type { ArchivedRound, Option, Vote } from "@eitheror/shared/rounds/schema";
import { roundMessages } from "@eitheror/shared/rounds/schema";
import { pointsText } from "@eitheror/shared/share/rules";
import { PartyPopper } from "lucide-react";
import { type CSSProperties, useEffect, useId, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Avatar } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { PickBadge, RightOrWrong } from "./round-marks";
import { memberNameOf, ownPicks, predictionOf, rankingAfter, readRightBy } from "./round-results";

export interface RevealProps {
  round: ArchivedRound;
  votes: Vote[];
  viewerId: string;
  /** A success line above the results: 'Successfully submitted votes!' when the viewer's submit closed the round. */
  notice?: string | null;
  /** "Next round": the way on (the new ballot); Skip, Escape and Close only close. */
  onNext: () => void;
  onSkip: () => void;
}

type RoundOfViewer = Pick<RevealProps, "round" | "votes" | "viewerId">;

const prefersReducedMotion = () =>
  window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;

/**
 * A closed round's results, told to one member once (issue 36): the question and
 * how everyone chose, the viewer's points and who read them right, the
 * leaderboard's moves, a small celebration of the top reader, then Next round.
 * The browser's modal <dialog>: the focus stays inside, Escape skips.
 */
export function RevealDialog({ round, votes, viewerId, notice, onNext, onSkip }: RevealProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  // Read once: a celebration that starts and then stops would be worse than none.
  const [still] = useState(prefersReducedMotion);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal?.();
    return () => dialog?.close?.();
  }, []);
  const optionText = (option: Option) => (option === "A" ? round.optionA : round.optionB);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onSkip();
      }}
      className={cn(
        "m-auto max-h-[calc(100dvh-1rem)] w-[calc(100%-1rem)] max-w-lg overflow-y-auto rounded-3xl bg-surface p-0 text-fg shadow-xl ring-1 ring-border backdrop:bg-fg/50",
        !still && "motion-safe:open:animate-fade-in",
      )}
    >
      <div className="space-y-5 p-5 sm:p-6">
        <header className="flex items-start gap-3">
          <div className="min-w-0 flex-1">
            <p className="text-xs font-bold tracking-widest text-brand-fg uppercase">
              {text.title}
            </p>
            <h2 id={titleId} className="mt-1 text-lg font-bold tracking-tight sm:text-xl">
              {round.dilemma}
            </h2>
            {round.proposedBy && (
              <p className="mt-1 break-words text-sm text-fg-muted">
                {roundMessages.proposedBy(
                  round.proposedBy.displayName ?? roundMessages.formerMember,
                )}
              </p>
            )}
          </div>
          <Button variant="ghost" size="sm" className="-mr-2 shrink-0" onClick={onSkip}>
            {text.skip}
          </Button>
        </header>
        {notice && <Alert kind="success">{notice}</Alert>}
        <YourRound round={round} votes={votes} viewerId={viewerId} />
        <TopReaders round={round} viewerId={viewerId} still={still} />
        <Choices round={round} votes={votes} viewerId={viewerId} optionText={optionText} />
        <Ranking round={round} viewerId={viewerId} />
        <Button className="w-full" onClick={onNext}>
          {text.nextRound}
        </Button>
      </div>
    </dialog>
  );
}

/** The viewer's own result: points, and who read them right. */
function YourRound({ round, votes, viewerId }: RoundOfViewer) {
  const stat = round.memberStats[viewerId];
  if (!stat?.isSubmitted) {
    return <p className="rounded-2xl bg-surface-muted p-4 text-fg-muted">{text.youDidNotVote}</p>;
  }
  const readers = readRightBy(round, votes, viewerId).map(memberNameOf);
  return (
    <section aria-label="Your round" className="rounded-2xl bg-brand-soft p-4 text-brand-soft-fg">
      <p className="text-xl font-bold sm:text-2xl">
        {text.youRead(stat.points, stat.readable, stat.points)}
      </p>
      {stat.readableBy > 0 && (
        <p className="mt-2 text-sm">
          <span className="font-semibold">
            {text.readYouRight(stat.readRightBy, stat.readableBy)}
          </span>
          {readers.length > 0 ? `: ${listOfNames(readers)}` : `. ${text.nobodyReadYou}`}
        </p>
      )}
    </section>
  );
}

/** Where each dot of the celebration flies to. */
const confetti: { dx: string; dy: string; tone: string }[] = [
  { dx: "-3.5rem", dy: "-2rem", tone: "bg-option-a" },
  { dx: "3.5rem", dy: "-2.2rem", tone: "bg-option-b" },
  { dx: "-2.5rem", dy: "2rem", tone: "bg-hero-accent" },
  { dx: "2.8rem", dy: "1.8rem", tone: "bg-brand" },
  { dx: "-4.2rem", dy: "0.2rem", tone: "bg-option-b" },
  { dx: "4.2rem", dy: "-0.3rem", tone: "bg-option-a" },
  { dx: "0.4rem", dy: "-2.8rem", tone: "bg-brand" },
];

/** The round's top readers, with a burst of dots unless the viewer asked for less motion. */
function TopReaders({
  round,
  viewerId,
  still,
}: {
  round: ArchivedRound;
  viewerId: string;
  still: boolean;
}) {
  if (round.topReaderIds.length === 0) return null;
  const names = round.topReaderIds.map((id) =>
    memberNameOf(round.members.find((member) => member.id === id)),
  );
  return (
    <section
      aria-label="Top reader"
      className="flex items-center gap-4 rounded-2xl bg-surface-muted p-4"
    >
      <span className="relative flex size-12 shrink-0 items-center justify-center">
        {!still &&
          confetti.map((dot) => (
            <span
              key={`${dot.dx}${dot.dy}`}
              aria-hidden
              style={{ "--dx": dot.dx, "--dy": dot.dy } as CSSProperties}
              className={cn("absolute size-2 rounded-sm motion-safe:animate-confetti", dot.tone)}
            />
          ))}
        <span
          className={cn(
            "flex size-12 items-center justify-center rounded-full bg-brand text-on-brand",
            !still && "motion-safe:animate-pop",
          )}
        >
          <PartyPopper aria-hidden className="size-6" />
        </span>
      </span>
      <div className="min-w-0">
        <p className="font-semibold">{text.topReader(listOfNames(names))}</p>
        {round.topReaderIds.includes(viewerId) && (
          <p className="text-sm text-fg-muted">{text.youAreTopReader}</p>
        )}
      </div>
    </section>
  );
}

/** Each member's own pick, and whether the viewer read it right. */
function Choices({
  round,
  votes,
  viewerId,
  optionText,
}: RoundOfViewer & { optionText: (option: Option) => string }) {
  const picks = ownPicks(round, votes);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="text-sm font-bold text-fg-muted">
        {text.howEveryoneChose}
      </h3>
      <ul className="mt-2 divide-y divide-border">
        {round.members.map((member) => {
          const pick = picks.get(member.id);
          const guess = predictionOf(votes, viewerId, member.id)?.isRight ?? null;
          return (
            <li key={member.id} className="flex items-center gap-3 py-2">
              <Avatar name={member.displayName} src={member.photoURL} size={32} alt="" />
              <span className="min-w-0 flex-1 text-sm font-medium">
                {memberNameOf(member)}
                {member.id === viewerId && (
                  <span className="font-normal text-fg-muted"> (You)</span>
                )}
                {pick ? (
                  <span className="mt-0.5 block font-normal text-fg-muted">
                    <PickBadge option={pick} /> {optionText(pick)}
                  </span>
                ) : (
                  <span className="block font-normal text-fg-subtle">
                    {roundMessages.didNotVote}
                  </span>
                )}
              </span>
              {member.id !== viewerId && guess !== null && <RightOrWrong right={guess} mine />}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** The leaderboard after the round, each rank's move beside it. */
function Ranking({ round, viewerId }: { round: ArchivedRound; viewerId: string }) {
  const ranked = rankingAfter(round);
  const headingId = useId();
  if (ranked.length === 0) return null;
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="text-sm font-bold text-fg-muted">
        {text.ranking}
      </h3>
      <ol className="mt-2 space-y-1">
        {ranked.map(({ member, stat, rank, score }) => {
          const change = rankChange(stat.rankBefore, stat.rankAfter);
          return (
            <li
              key={member.id}
              className={cn(
                "flex items-center gap-3 rounded-xl px-2 py-1.5 text-sm",
                member.id === viewerId && "bg-surface-muted font-semibold",
              )}
            >
              <span className="w-6 shrink-0 text-right font-bold tabular-nums">{rank}</span>
              <Avatar name={member.displayName} src={member.photoURL} size={28} alt="" />
              <span className="min-w-0 flex-1">{memberNameOf(member)}</span>
              <span className="shrink-0 tabular-nums">{pointsText(score)}</span>
              {change && <RankMove symbol={change.symbol} label={change.label} />}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

function RankMove({ symbol, label }: { symbol: string; label: string }) {
  const tone = symbol.startsWith("↑")
    ? "text-success-fg"
    : symbol.startsWith("↓")
      ? "text-danger-fg"
      : "text-fg-subtle";
  return (
    <span className={cn("w-9 shrink-0 text-right text-xs font-bold", tone)}>
      <span aria-hidden>{symbol}</span>
      <span className="sr-only">{label}</span>
    </span>
  );
}
