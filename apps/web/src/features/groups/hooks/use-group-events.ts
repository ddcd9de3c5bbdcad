import { operationUrl } from "@eitheror/shared/api/contract";
import { groupsApi } from "@eitheror/shared/groups/contract";
import {
  type GroupEvent,
  type GroupEventType,
  groupEventSchema,
} from "@eitheror/shared/groups/events";
import { roundsApi } from "@eitheror/shared/rounds/contract";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect, useEffectEvent } from "react";
import { operationKey } from "@/lib/api-client";

/** The cached answers of one group's page, by what they show. */
const groupQueries = (id: string) => ({
  group: operationKey(groupsApi.get, { id }),
  currentRound: operationKey(roundsApi.current, { id }),
  // The Current Round tab reads the viewer's open rounds to know whether the group has one.
  openRoundsOfMine: operationKey(roundsApi.currentOfMine),
  pastRounds: operationKey(roundsApi.archived, { id }),
  leaderboard: operationKey(roundsApi.leaderboard, { id }),
  whoKnowsWhom: operationKey(roundsApi.whoKnowsWhom, { id }),
  // The closed round's results, told to the viewer once (issue 36).
  reveal: operationKey(roundsApi.reveal, { id }),
});
type GroupQuery = keyof ReturnType<typeof groupQueries>;

/** What each event makes stale: the events carry no data, so the page reads it again. */
export const staleAfter: Record<GroupEventType, GroupQuery[]> = {
  "member-submitted": ["currentRound"],
  // Who knows whom shows the current members only.
  "members-changed": ["group", "whoKnowsWhom"],
  // The viewer is out: nothing of the group is theirs to read any more.
  "membership-ended": [],
  "round-closed": [
    "currentRound",
    "openRoundsOfMine",
    "pastRounds",
    "leaderboard",
    "whoKnowsWhom",
    "reveal",
  ],
  "round-started": ["currentRound", "openRoundsOfMine", "pastRounds", "leaderboard"],
  "group-changed": ["group"],
  "group-deleted": [],
};

function invalidate(queryClient: QueryClient, groupId: string, stale: GroupQuery[]) {
  const keys = groupQueries(groupId);
  for (const query of stale) void queryClient.invalidateQueries({ queryKey: keys[query] });
}

function parse(data: unknown): GroupEvent | null {
  if (typeof data !== "string") return null;
  try {
    return groupEventSchema.safeParse(JSON.parse(data)).data ?? null;
  } catch {
    return null;
  }
}

/**
 * Keeps an open group page current through the group's event stream: each
 * event marks stale what it changed. A dropped stream comes back by itself
 * (EventSource retries), and everything is read again then, since events sent
 * while it was away are lost. A refused one (not a member, a 4xx) stays closed.
 */
export function useGroupEvents(
  groupId: string,
  {
    enabled = true,
    onRoundClosed,
    onDeleted,
    onMembershipEnded,
  }: {
    enabled?: boolean;
    onRoundClosed: (roundId: string) => void;
    onDeleted: () => void;
    /** The viewer left or was removed (their own Leave included). */
    onMembershipEnded?: () => void;
  },
) {
  const queryClient = useQueryClient();
  const apply = useEffectEvent((event: GroupEvent) => {
    invalidate(queryClient, groupId, staleAfter[event.type]);
    if (event.type === "round-closed") onRoundClosed(event.roundId);
    if (event.type === "group-deleted") onDeleted();
    if (event.type === "membership-ended") onMembershipEnded?.();
  });
  const catchUp = useEffectEvent(() =>
    invalidate(queryClient, groupId, Object.keys(groupQueries(groupId)) as GroupQuery[]),
  );

  useEffect(() => {
    if (!enabled) return;
    const source = new EventSource(operationUrl(groupsApi.events, { id: groupId }));
    let dropped = false;
    const onEvent = (message: Event) => {
      const event = parse((message as MessageEvent).data);
      // The server ends these streams; a reconnect would only be refused.
      if (event?.type === "membership-ended" || event?.type === "group-deleted") source.close();
      if (event) apply(event);
    };
    for (const type of Object.keys(staleAfter)) source.addEventListener(type, onEvent);
    source.addEventListener("open", () => {
      if (dropped) catchUp();
      dropped = false;
    });
    source.addEventListener("error", () => {
      if (source.readyState === EventSource.CLOSED) source.close();
      else dropped = true;
    });
    return () => source.close();
  }, [enabled, groupId]);
}
