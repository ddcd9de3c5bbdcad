import type { RoundSummary } from "@eitheror/shared/rounds/schema";
import { roundMessages } from "@eitheror/shared/rounds/schema";
import { timeUntilDue } from "@eitheror/shared/time/rules";

/**
 * A home card's round line: 'Votes due in {time}', and whether the viewer has
 * submitted; someone sitting the round out is not asked for votes.
 */
export function RoundStatus({ round, now = new Date() }: { round: RoundSummary; now?: Date }) {
  return (
    <span className="flex flex-col">
      <span>{roundMessages.votesDue(timeUntilDue(new Date(round.dueDate), now))}</span>
      {!round.isParticipant ? (
        <span>{roundMessages.playingFromNextRound}</span>
      ) : (
        <span className={round.isSubmitted ? "text-success-fg" : "font-medium text-brand-fg"}>
          {round.isSubmitted ? roundMessages.yourVotesSubmitted : roundMessages.awaitingYourVotes}
        </span>
      )}
    </span>
  );
}
