import type { CurrentRound } from "@eitheror/shared/rounds/schema";
import { roundMessages } from "@eitheror/shared/rounds/schema";
import { roundCardClass, stackClass } from "@eitheror/shared/shell/member-classes";
import { timeUntilDue } from "@eitheror/shared/time/rules";
import { CircleCheck, Clock, Hourglass } from "lucide-react";
import { type ReactNode, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { IconBadge } from "@/components/ui/icon-badge";
import { ApiError } from "@/lib/api-client";
import { useCurrentRound } from "../api/get-current-round";
import { useSubmitVotes } from "../api/submit-votes";
import { useCardsShown } from "../hooks/use-cards-shown";
import { DilemmaHeader } from "./dilemma-header";
import { GroupReveal } from "./group-reveal";
import { HowPointsWork } from "./how-points-work";
import { MemberStatus, type RoundMember } from "./member-status";
import { RoundSkeleton } from "./round-skeleton";
import { SubmitVotesBar } from "./submit-votes-bar";
import { VoteCard } from "./vote-card";

/**
 * The Current Round tab. A group that never had a round shows `noRound` (the
 * answer says `round_not_started`); one that has played and is down to one
 * member shows `waiting` (waiting_for_members).
 */
export function CurrentRoundTab({
  afterSubmit,
  ...props
}: {
  groupId: string;
  members: RoundMember[];
  viewerId: string;
  noRound: ReactNode;
  waiting: ReactNode;
  /** What the page offers once the viewer has submitted here (the push opt-in). */
  afterSubmit?: ReactNode;
}) {
  // The round the viewer's own submit just went through for: 'Successfully
  // submitted votes!' belongs to it, not to the next round's ballot.
  const [submitted, setSubmitted] = useState<string | null>(null);
  return (
    <>
      <GroupReveal
        groupId={props.groupId}
        viewerId={props.viewerId}
        notice={(roundId) => (roundId === submitted ? roundMessages.submitted : null)}
        onClosed={() => setSubmitted(null)}
      />
      <RoundPanel {...props} submitted={submitted} onSubmitted={setSubmitted} />
      {submitted && afterSubmit}
    </>
  );
}

function RoundPanel({
  groupId,
  members,
  viewerId,
  noRound,
  waiting,
  submitted,
  onSubmitted,
}: {
  groupId: string;
  members: RoundMember[];
  viewerId: string;
  noRound: ReactNode;
  waiting: ReactNode;
  submitted: string | null;
  onSubmitted: (roundId: string | null) => void;
}) {
  const round = useCurrentRound(groupId);

  if (round.isPending) return <RoundSkeleton />;
  if (round.isError) {
    if (round.error instanceof ApiError && round.error.code === "waiting_for_members")
      return waiting;
    return <RoundLoadFailed error={round.error} onRetry={() => round.refetch()} />;
  }
  if (round.data === null) return noRound;
  const roundId = round.data.roundId;
  return (
    <div className={stackClass.blocks}>
      {submitted === roundId && (
        <Alert kind="success" onDismiss={() => onSubmitted(null)}>
          {roundMessages.submitted}
        </Alert>
      )}
      <RoundView
        key={roundId}
        round={round.data}
        members={members}
        viewerId={viewerId}
        onSubmitted={() => onSubmitted(roundId)}
      />
    </div>
  );
}

function RoundLoadFailed({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const noDilemmaLeft = error instanceof ApiError && error.code === "no_dilemma_left";
  return (
    <Alert
      kind={noDilemmaLeft ? "info" : "danger"}
      action={
        <Button variant="secondary" onClick={onRetry}>
          Try again
        </Button>
      }
    >
      {noDilemmaLeft
        ? roundMessages.noDilemmaLeft
        : `We could not load the round. ${error.message}`}
    </Alert>
  );
}

function RoundView({
  round,
  members,
  viewerId,
  onSubmitted,
}: {
  round: CurrentRound;
  members: RoundMember[];
  viewerId: string;
  onSubmitted: () => void;
}) {
  const people = participantsOf(round, members, viewerId);
  const submitted = round.membersSubmissionStatus[viewerId] === true;
  return (
    <div className={stackClass.blocks}>
      <DilemmaHeader dilemma={round.dilemma} optionA={round.optionA} optionB={round.optionB}>
        <p className={roundCardClass.due}>
          <Clock aria-hidden className={roundCardClass.icon} />
          {roundMessages.votesDue(timeUntilDue(new Date(round.dueDate), new Date()))}
        </p>
      </DilemmaHeader>
      <MemberStatus
        groupId={round.groupId}
        done={people.filter((p) => round.membersSubmissionStatus[p.id])}
        waiting={people.filter((p) => !round.membersSubmissionStatus[p.id])}
      />
      {!round.isParticipant ? (
        <SittingOut />
      ) : submitted ? (
        <VotesSubmitted />
      ) : (
        <Ballot round={round} people={people} viewerId={viewerId} onSubmitted={onSubmitted} />
      )}
      <HowPointsWork />
    </div>
  );
}

/** The voting cards the first pass builds, with the question: a phone's screen holds about two. */
const FIRST_CARDS = 2;

function Ballot({
  round,
  people,
  viewerId,
  onSubmitted,
}: {
  round: CurrentRound;
  people: RoundMember[];
  viewerId: string;
  onSubmitted: () => void;
}) {
  const submit = useSubmitVotes(round.groupId, round.roundId);
  const voteFor = (id: string) => round.votes.find((vote) => vote.selectedFor === id);
  const unpicked = people.filter((person) => !voteFor(person.id)?.optionSelected);
  const ready = unpicked.length === 0;
  // Once Submit Votes met a missing pick, the cards without one say so until picked.
  const [flagging, setFlagging] = useState(false);
  const list = useRef<HTMLUListElement>(null);
  const shown = useCardsShown(people.length, FIRST_CARDS);
  const showFirstUnpicked = () => {
    setFlagging(true);
    // The cards are the list's items, in the people's order.
    const first = unpicked[0] ? people.indexOf(unpicked[0]) : -1;
    const card = list.current?.children.item(first);
    const reduced = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
    card?.scrollIntoView?.({ block: "center", behavior: reduced ? "auto" : "smooth" });
    card?.querySelector("button")?.focus({ preventScroll: true });
  };
  // The server's own 'votes missing' is over once every pick is there.
  const failure = ready && isVotesMissing(submit.error) ? null : submitFailure(submit.error);
  return (
    <section aria-labelledby="your-votes" aria-busy={shown < people.length} className="space-y-4">
      <h2 id="your-votes" className="text-lg font-bold text-fg">
        Your votes
      </h2>
      <ul ref={list} className="grid gap-4 lg:grid-cols-2">
        {people.slice(0, shown).map((person) => (
          <VoteCard
            key={person.id}
            groupId={round.groupId}
            roundId={round.roundId}
            member={person}
            isViewer={person.id === viewerId}
            vote={voteFor(person.id)}
            optionA={round.optionA}
            optionB={round.optionB}
            missing={flagging && unpicked.includes(person)}
          />
        ))}
      </ul>
      <SubmitVotesBar
        picked={people.length - unpicked.length}
        needed={people.length}
        pending={submit.isPending}
        failure={failure}
        onSubmit={() => submit.mutateAsync().then(onSubmitted)}
        onMissing={showFirstUnpicked}
      />
    </section>
  );
}

const isVotesMissing = (error: Error | null) =>
  error instanceof ApiError && error.code === "votes_missing";

function submitFailure(error: Error | null): string | null {
  if (!error) return null;
  if (!(error instanceof ApiError)) return roundMessages.submitFailed;
  if (error.status === 0) return error.message;
  if (error.code === "votes_missing") return roundMessages.votesMissing;
  if (error.code === "round_closed") return roundMessages.roundClosed;
  if (error.code === "already_submitted") return roundMessages.alreadySubmitted;
  return roundMessages.submitFailed;
}

function VotesSubmitted() {
  return (
    <div className="flex flex-col items-center rounded-3xl bg-surface p-8 text-center shadow-sm ring-1 ring-border">
      <IconBadge tone="success">
        <CircleCheck className="size-6" />
      </IconBadge>
      <h2 className="mt-4 text-lg font-semibold text-fg">{roundMessages.votesSubmitted}</h2>
      <p className="mt-1 max-w-sm text-sm text-fg-muted">
        The results come in when everyone has submitted, or when the round is due.
      </p>
    </div>
  );
}

/** Back during the round they left: they watch it, and play from the next (docs/game-rules.md#who-plays). */
function SittingOut() {
  return (
    <div className="flex flex-col items-center rounded-3xl bg-surface p-8 text-center shadow-sm ring-1 ring-border">
      <IconBadge>
        <Hourglass className="size-6" />
      </IconBadge>
      <p className="mt-4 max-w-sm font-semibold text-fg">{roundMessages.sittingOut}</p>
    </div>
  );
}

/** The round's participants with names from the group: the viewer first, then in the group's order. */
export function participantsOf(round: CurrentRound, members: RoundMember[], viewerId: string) {
  const ids = Object.keys(round.membersSubmissionStatus);
  const known = new Map(members.map((member, index) => [member.id, { member, index }]));
  const place = (id: string) => (id === viewerId ? -1 : (known.get(id)?.index ?? members.length));
  return ids
    .sort((a, b) => place(a) - place(b))
    .map((id) => known.get(id)?.member ?? { id, displayName: "Former member", photoURL: null });
}
