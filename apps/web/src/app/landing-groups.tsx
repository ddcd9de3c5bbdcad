import { byVotesNeeded } from "@eitheror/shared/rounds/rules";
import { GroupsAtAGlance } from "@/features/groups/components/groups-at-a-glance";
import { useRoundsOfMine, useUnseenResults } from "@/features/rounds/api/get-rounds-of-mine";
import { RoundStatus } from "@/features/rounds/components/round-status";

/**
 * A signed-in member's groups on the landing page, as home orders them (those
 * awaiting their votes first). Its own chunk: the landing page loads it only for
 * a member, so strangers' first visit stays within its weight (decision 0022).
 */
export function LandingGroups() {
  const rounds = useRoundsOfMine();
  const unseen = useUnseenResults();
  const roundOf = (groupId: string) => rounds.data?.find((open) => open.groupId === groupId);
  return (
    <GroupsAtAGlance
      roundStatus={(group) => {
        const round = roundOf(group.id);
        const resultsIn = unseen.data?.has(group.id) ?? false;
        if (rounds.isPending) return <span aria-hidden>&nbsp;</span>;
        // Neither: undefined, so the card says the first round has not started.
        return round || resultsIn ? <RoundStatus round={round} resultsIn={resultsIn} /> : undefined;
      }}
      order={(groups) => byVotesNeeded(groups, (group) => roundOf(group.id))}
    />
  );
}
