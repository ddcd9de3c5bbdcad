import { moderationMessages } from "@eitheror/shared/moderation/schema";
import { REVEAL_PARAM, revealMessages } from "@eitheror/shared/rounds/reveal";
import type { ArchivedRound, Vote } from "@eitheror/shared/rounds/schema";
import { roundMessages } from "@eitheror/shared/rounds/schema";
import { closedRoundClass, stackClass } from "@eitheror/shared/shell/member-classes";
import { memberPageTexts } from "@eitheror/shared/shell/member-pages";
import { timeSince } from "@eitheror/shared/time/rules";
import { ArrowLeft, PartyPopper, SearchX } from "lucide-react";
import {
  memo,
  useDeferredValue,
  useEffect,
  useEffectEvent,
  useMemo,
  useState,
  useSyncExternalStore,
} from "react";
import { useNavigate, useSearchParams } from "react-router";
import { Avatar } from "@/components/ui/avatar";
import { Button, buttonClass } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { CardHeading } from "@/components/ui/card-heading";
import { Link } from "@/components/ui/link";
import { LoadFailed } from "@/components/ui/load-failed";
import { PageTitle } from "@/components/ui/page-title";
import { paths } from "@/config/paths";
import { ApiError } from "@/lib/api-client";
import { useArchivedRound } from "../api/get-archived-round";
import { useRoundVotes } from "../api/get-round-votes";
import { useMarkRevealSeen } from "../api/mark-reveal-seen";
import { useIsGroupAdmin } from "../api/moderation";
import { useCardsShown } from "../hooks/use-cards-shown";
import { DilemmaHeader } from "./dilemma-header";
import { HowPointsWork } from "./how-points-work";
import { PredictionsGrid } from "./predictions-grid";
import { HideCommentButton, ReportButton } from "./report-actions";
import { RevealDialog } from "./reveal";
import { RightOrWrong } from "./round-marks";
import { RoundSkeleton } from "./round-skeleton";
import { ShareRoundButton } from "./share-round-button";

/** Who may act on a closed round's comments: any member reports, the group's admin hides. */
interface CommentActions {
  groupId: string;
  roundId: string;
  viewerId: string;
  isAdmin: boolean;
}

/** A comment, or that the group's admin hid it; with Report and (for the admin) Hide. */
function CommentText({
  vote,
  actions,
  className,
}: {
  vote: Vote;
  actions: CommentActions;
  className: string;
}) {
  const key = { selectedBy: vote.selectedBy, selectedFor: vote.selectedFor };
  const mine = vote.selectedBy === actions.viewerId;
  return (
    <div className="space-y-1">
      {vote.commentHidden && !mine ? (
        <p className="mt-1 text-sm italic text-fg-subtle">{moderationMessages.hiddenComment}</p>
      ) : (
        <p className={className}>“{vote.comments}”</p>
      )}
      {!vote.commentHidden && !mine && (
        <div className="flex flex-wrap gap-1">
          <ReportButton
            groupId={actions.groupId}
            roundId={actions.roundId}
            comment={key}
            label="Report comment"
          />
          {actions.isAdmin && (
            <HideCommentButton groupId={actions.groupId} roundId={actions.roundId} comment={key} />
          )}
        </div>
      )}
    </div>
  );
}

/** /group/{groupId}/archived-round/{roundId}: a closed round, its results and every vote. */
export function ArchivedRoundPage({
  groupId,
  roundId,
  viewerId,
}: {
  groupId: string;
  roundId: string;
  viewerId: string;
}) {
  const round = useArchivedRound(groupId, roundId);
  const votes = useRoundVotes(groupId, roundId);
  // A full group's round is hundreds of votes (some 9,000 elements for 20 members):
  // they render after the question, in slices React yields between, rather than in
  // the one long task that shows the page (issue 41: total blocking time on phones).
  const results = useDeferredValue(votes.data);
  const replay = useReplay(groupId, roundId, round.data?.revealSeen ?? true);
  const isAdmin = useIsGroupAdmin(groupId, viewerId);
  const actions = { groupId, roundId, viewerId, isAdmin };
  const back = (
    <Link to={`${paths.group(groupId)}?tab=past-rounds`} className={closedRoundClass.back}>
      <ArrowLeft aria-hidden className={closedRoundClass.icon} />
      {memberPageTexts.backToGroup}
    </Link>
  );
  if (round.isPending || votes.isPending) {
    return (
      <div className="space-y-4">
        <PageTitle screen="Past round" />
        <h1 className="sr-only">Past round</h1>
        {back}
        <RoundSkeleton />
      </div>
    );
  }
  if (round.isError || votes.isError) {
    const failed = round.error ?? votes.error;
    if (failed instanceof ApiError && failed.code === "not_found") {
      return <RoundNotFound groupId={groupId} />;
    }
    return (
      <LoadFailed
        screen="Past round"
        what="this round"
        error={failed ?? new Error("")}
        onRetry={() => Promise.all([round.refetch(), votes.refetch()])}
      />
    );
  }
  return (
    <div className={stackClass.blocks}>
      <PageTitle screen={memberPageTexts.pastRound} />
      {back}
      <DilemmaHeader
        heading="h1"
        dilemma={round.data.dilemma}
        optionA={round.data.optionA}
        optionB={round.data.optionB}
      >
        {roundMessages.roundCompleted(timeSince(new Date(round.data.archivedDate), new Date()))}
        {round.data.proposedBy && (
          <span className={closedRoundClass.proposedBy}>
            {roundMessages.proposedBy(
              round.data.proposedBy.displayName ?? roundMessages.formerMember,
            )}
          </span>
        )}
        <CardActions
          round={round.data}
          pick={ownPick(round.data, votes.data, viewerId)}
          onReplay={replay.open}
        />
      </DilemmaHeader>
      {results ? (
        <RoundResults round={round.data} votes={results} actions={actions} />
      ) : (
        <ResultsLoading />
      )}
      <HowPointsWork />
      {replay.shown && (
        <RevealDialog
          round={round.data}
          votes={votes.data}
          viewerId={viewerId}
          onNext={replay.next}
          onSkip={replay.close}
        />
      )}
    </div>
  );
}

/** Under a closed round's question: Share results, Replay the reveal, Report. */
function CardActions({
  round,
  pick,
  onReplay,
}: {
  round: ArchivedRound;
  pick: string | null;
  onReplay: () => void;
}) {
  return (
    <div className={closedRoundClass.actions}>
      <ShareRoundButton
        groupId={round.groupId}
        roundId={round.id}
        closedAt={round.archivedDate}
        pick={pick}
      />
      <Button variant="secondary" className="mt-3" onClick={onReplay}>
        <PartyPopper aria-hidden className={closedRoundClass.icon} />
        {revealMessages.replay}
      </Button>
      <div className={closedRoundClass.report}>
        <ReportButton
          groupId={round.groupId}
          roundId={round.id}
          label={memberPageTexts.reportDilemma}
        />
      </div>
    </div>
  );
}

/**
 * "Replay the reveal", and the reveal opened at once by `?reveal=1` (the results
 * e-mail and the round-over notice link there). Seen on the server from then on;
 * Next round goes to the group's new ballot.
 */
function useReplay(groupId: string, roundId: string, revealSeen: boolean) {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const seen = useMarkRevealSeen(groupId);
  const [shown, setShown] = useState(params.get(REVEAL_PARAM) === "1");
  const markSeen = useEffectEvent(() => seen.mutate(roundId));
  useEffect(() => {
    if (shown && !revealSeen) markSeen();
  }, [shown, revealSeen]);
  const close = () => {
    setShown(false);
    if (params.has(REVEAL_PARAM)) setParams({}, { replace: true });
  };
  return {
    shown,
    open: () => setShown(true),
    close,
    next: () => navigate(paths.group(groupId)),
  };
}

/** What the viewer picked for themself, once they submitted; null if they did not vote. */
function ownPick(round: ArchivedRound, votes: Vote[], viewerId: string): string | null {
  if (!round.memberStats[viewerId]?.isSubmitted) return null;
  const own = votes.find((v) => v.selectedBy === viewerId && v.selectedFor === viewerId);
  if (own?.optionSelected === "A") return round.optionA;
  return own?.optionSelected === "B" ? round.optionB : null;
}

/** Tailwind's `md`: from this width the grid shows beside the cards. */
const WIDE = "(min-width: 768px)";

/**
 * Whether the screen is wide enough for the grid. Under it the grid is not built
 * at all (some 1,500 elements for 20 members that a phone would never show);
 * without matchMedia, it is built and CSS decides, as before.
 */
function useWide() {
  return useSyncExternalStore(
    (changed) => {
      const query = window.matchMedia?.(WIDE);
      query?.addEventListener("change", changed);
      return () => query?.removeEventListener("change", changed);
    },
    () => window.matchMedia?.(WIDE).matches ?? true,
  );
}

/** The member cards the first pass builds: one already fills a phone's screen. */
const FIRST_CARDS = 2;

/** The results' place while they render, a moment after the question. */
function ResultsLoading() {
  return (
    <div aria-busy className="h-56 animate-pulse rounded-3xl bg-surface ring-1 ring-border">
      <span className="sr-only">Loading the results</span>
    </div>
  );
}

/** The grid (wide screens only) and every member's card. */
function RoundResults(props: { round: ArchivedRound; votes: Vote[]; actions: CommentActions }) {
  const wide = useWide();
  return (
    <>
      {wide && (
        <PredictionsGrid round={props.round} votes={props.votes} className="hidden md:block" />
      )}
      <Results {...props} />
    </>
  );
}

function Results({
  round,
  votes,
  actions,
}: {
  round: ArchivedRound;
  votes: Vote[];
  actions: CommentActions;
}) {
  // Kept from one render to the next, so the results already shown (memoised) stay
  // as they are while the next one is added (useCardsShown).
  const { ranked, nameOf } = useMemo(() => {
    const names = new Map(round.members.map((m) => [m.id, m.displayName ?? "Former member"]));
    return {
      ranked: [...round.members].sort(
        (a, b) => (round.memberStats[b.id]?.points ?? 0) - (round.memberStats[a.id]?.points ?? 0),
      ),
      nameOf: (id: string) => names.get(id) ?? "Former member",
    };
  }, [round]);
  const shown = useCardsShown(ranked.length, FIRST_CARDS);
  return (
    <section aria-labelledby="results" aria-busy={shown < ranked.length} className="space-y-3">
      <h2 id="results" className="text-lg font-bold text-fg">
        Results
      </h2>
      <ol className="space-y-3">
        {ranked.slice(0, shown).map((member) => (
          <MemberResult
            key={member.id}
            member={member}
            round={round}
            votes={votes}
            actions={actions}
            nameOf={nameOf}
          />
        ))}
      </ol>
    </section>
  );
}

type RoundMember = ArchivedRound["members"][number];

/** About a result's height before it is laid out: its head, and a row per other member's pick. */
const RESULT_BASE_PX = 200;
const RESULT_ROW_PX = 96;

/**
 * One member's result: what they voted (counted only once submitted), their
 * points and comment, then what each member who submitted picked for them.
 */
const MemberResult = memo(function MemberResult({
  member,
  round,
  votes,
  actions,
  nameOf,
}: {
  member: RoundMember;
  round: ArchivedRound;
  votes: Vote[];
  actions: CommentActions;
  nameOf: (id: string) => string;
}) {
  const stat = round.memberStats[member.id];
  const own = votes.find((v) => v.selectedBy === member.id && v.selectedFor === member.id);
  const primary = stat?.isSubmitted && own?.optionSelected ? own : undefined;
  const others = votes.filter(
    (v) =>
      v.selectedFor === member.id &&
      v.selectedBy !== member.id &&
      v.optionSelected &&
      round.memberStats[v.selectedBy]?.isSubmitted,
  );
  const name = nameOf(member.id);
  const optionText = (option: "A" | "B") => (option === "A" ? round.optionA : round.optionB);
  return (
    <li
      aria-label={name}
      // Laid out and painted only near the screen: a result lists every other member's
      // pick, some 2,000 px a card at 20 members, and a phone shows one or two at a
      // time. Until then it holds about its height, so the page's length is right.
      style={{
        contentVisibility: "auto",
        containIntrinsicSize: `auto ${RESULT_BASE_PX + others.length * RESULT_ROW_PX}px`,
      }}
      className="rounded-3xl bg-surface p-5 shadow-sm ring-1 ring-border"
    >
      <div className="flex items-start gap-3">
        <Avatar name={member.displayName} src={member.photoURL} size={44} alt="" />
        <div className="min-w-0 flex-1">
          <p className="font-semibold text-fg">{name}</p>
          <p className="text-sm text-fg-muted">
            {primary?.optionSelected
              ? roundMessages.voted(optionText(primary.optionSelected))
              : roundMessages.didNotVote}
          </p>
        </div>
        <p className="shrink-0 text-right">
          <span className="text-lg font-bold text-fg">{stat?.points ?? 0}</span>{" "}
          <span className="text-xs text-fg-subtle">{stat?.points === 1 ? "point" : "points"}</span>
        </p>
      </div>
      {stat && stat.readableBy > 0 && (
        <p className="mt-2 text-sm font-medium text-fg-muted">
          {revealMessages.readMemberRight(stat.readRightBy, stat.readableBy, name)}
        </p>
      )}
      {primary && (primary.comments || primary.commentHidden) && (
        <CommentText
          vote={primary}
          actions={actions}
          className="mt-3 whitespace-pre-line break-words border-l-4 border-brand pl-3 text-sm italic text-fg"
        />
      )}
      {others.length > 0 && (
        <PicksFor
          member={name}
          votes={others}
          actions={actions}
          nameOf={nameOf}
          optionText={optionText}
        />
      )}
    </li>
  );
});

/** '{voter} selected {option} for {member}', with the voter's comment, for each pick. */
function PicksFor({
  member,
  votes,
  actions,
  nameOf,
  optionText,
}: {
  member: string;
  votes: Vote[];
  actions: CommentActions;
  nameOf: (id: string) => string;
  optionText: (option: "A" | "B") => string;
}) {
  return (
    <ul className="mt-4 space-y-2 border-t border-border pt-3">
      {votes.map((vote) => (
        <li key={vote.selectedBy} className="flex items-start gap-2 text-sm text-fg-muted">
          {vote.isRight !== null && <RightOrWrong right={vote.isRight} />}
          <div className="min-w-0 flex-1 pt-0.5">
            <p>
              {roundMessages.selectedFor(
                nameOf(vote.selectedBy),
                optionText(vote.optionSelected ?? "A"),
                member,
              )}
            </p>
            {(vote.comments || vote.commentHidden) && (
              <CommentText
                vote={vote}
                actions={actions}
                className="mt-0.5 whitespace-pre-line break-words pl-3 text-fg"
              />
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}

/**
 * A round the viewer cannot see: not one of this group's, still open, or the
 * viewer is not a member. The server says the same 404 for all.
 */
function RoundNotFound({ groupId }: { groupId: string }) {
  return (
    <Card className="mx-auto max-w-md text-center">
      <CardHeading screen="Round Not Found" icon={<SearchX className="size-6" />} centered>
        This round is not in the archive.
      </CardHeading>
      <p className="mt-2 text-fg-muted">
        A round shows here once it has closed, to the members of its group.
      </p>
      <Link to={paths.group(groupId)} className={buttonClass("secondary", "mt-6")}>
        Back to group
      </Link>
    </Card>
  );
}
