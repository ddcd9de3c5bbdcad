import type { GroupEventType } from "@eitheror/shared/groups/events";
import { roundsApi } from "@eitheror/shared/rounds/contract";
import type { QueryKey } from "@tanstack/react-query";
import { operationKey } from "@/lib/api-client";

/**
 * The rounds feature's answers on a group's page, by the live event that makes
 * each stale (the group page's event stream invalidates them: the events carry
 * no data).
 */
export function roundsStaleAfter(id: string): Partial<Record<GroupEventType, QueryKey[]>> {
  const currentRound = operationKey(roundsApi.current, { id });
  const openRoundsOfMine = operationKey(roundsApi.currentOfMine);
  const pastRounds = operationKey(roundsApi.archived, { id });
  const leaderboard = operationKey(roundsApi.leaderboard, { id });
  const whoKnowsWhom = operationKey(roundsApi.whoKnowsWhom, { id });
  // The closed round's results, told to each member once (issue 36).
  const reveal = operationKey(roundsApi.reveal, { id });
  // Every round's votes of the group (the key's params match in part).
  const closedRoundVotes = operationKey(roundsApi.votes, { id } as { id: string; roundId: string });
  return {
    "member-submitted": [currentRound],
    // Who knows whom shows the current members only.
    "members-changed": [whoKnowsWhom],
    "comment-hidden": [reveal, closedRoundVotes],
    // The reveal first: the page asks in this order, and on HTTP/1.1 the event stream
    // leaves five connections for six reads; the results are what the player waits for.
    "round-closed": [reveal, currentRound, openRoundsOfMine, pastRounds, leaderboard, whoKnowsWhom],
    "round-started": [currentRound, openRoundsOfMine, pastRounds, leaderboard],
  };
}
