import { revealMessages } from "@eitheror/shared/rounds/reveal";
import type { RoundSummary } from "@eitheror/shared/rounds/schema";
import { roundMessages } from "@eitheror/shared/rounds/schema";
import { timeUntilDue } from "@eitheror/shared/time/rules";
import { Sparkles } from "lucide-react";

/**
 * A home card's round line: 'Results are in' while the newest closed round's
 * reveal is unseen (the card leads to the group, where it shows), then 'Votes
 * due in {time}' and whether the viewer has submitted; someone sitting the
 * round out is not asked for votes.
 */
export function RoundStatus({
  round,
  resultsIn = false,
  now = new Date(),
}: {
  round?: RoundSummary;
  resultsIn?: boolean;
  now?: Date;
}) {
  return (
    <span className="flex flex-col items-start">
      {resultsIn && (
        <span className="my-0.5 inline-flex items-center gap-1 rounded-full bg-brand-soft px-2 py-0.5 text-xs font-semibold text-brand-soft-fg">
          <Sparkles aria-hidden className="size-3.5" />
          {revealMessages.resultsIn}
        </span>
      )}
      {round && (
        <>
          <span>{roundMessages.votesDue(timeUntilDue(new Date(round.dueDate), now))}</span>
          {!round.isParticipant ? (
            <span>{roundMessages.playingFromNextRound}</span>
          ) : (
            <span className={round.isSubmitted ? "text-success-fg" : "font-medium text-brand-fg"}>
              {round.isSubmitted
                ? roundMessages.yourVotesSubmitted
                : roundMessages.awaitingYourVotes}
            </span>
          )}
        </>
      )}
    </span>
  );
}
