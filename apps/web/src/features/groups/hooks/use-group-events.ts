import { operationUrl } from "@eitheror/shared/api/contract";
import { groupsApi } from "@eitheror/shared/groups/contract";
import {
  type GroupEvent,
  type GroupEventType,
  groupEventSchema,
} from "@eitheror/shared/groups/events";
import { type QueryClient, type QueryKey, useQueryClient } from "@tanstack/react-query";
import { useEffect, useEffectEvent } from "react";
import { operationKey } from "@/lib/api-client";

/**
 * What each event makes stale, as cached answers' keys: the events carry no
 * data, so the page reads again what they changed. Each feature names its own
 * answers (the rounds feature's come from the route, through `staleAfter`).
 */
export type StaleAfter = Partial<Record<GroupEventType, QueryKey[]>>;

/** Every event the stream sends, so that each is listened for. */
const eventTypes = groupEventSchema.options.map((option) => option.shape.type.value);

/** The groups feature's own answers: the group, with its members and settings. */
const groupStaleAfter = (id: string): StaleAfter => {
  const group = operationKey(groupsApi.get, { id });
  return { "members-changed": [group], "group-changed": [group] };
};

function invalidate(queryClient: QueryClient, keys: QueryKey[]) {
  for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
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
    staleAfter = {},
    onRoundClosed,
    onDeleted,
    onMembershipEnded,
  }: {
    enabled?: boolean;
    /** The answers of other features this page shows (the rounds feature's), by event. */
    staleAfter?: StaleAfter;
    onRoundClosed: (roundId: string) => void;
    onDeleted: () => void;
    /** The viewer left or was removed (their own Leave included). */
    onMembershipEnded?: () => void;
  },
) {
  const queryClient = useQueryClient();
  const reactions = [groupStaleAfter(groupId), staleAfter];
  const apply = useEffectEvent((event: GroupEvent) => {
    invalidate(
      queryClient,
      reactions.flatMap((stale) => stale[event.type] ?? []),
    );
    if (event.type === "round-closed") onRoundClosed(event.roundId);
    if (event.type === "group-deleted") onDeleted();
    if (event.type === "membership-ended") onMembershipEnded?.();
  });
  const catchUp = useEffectEvent(() =>
    invalidate(
      queryClient,
      reactions.flatMap((stale) => Object.values(stale).flat()),
    ),
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
    for (const type of eventTypes) source.addEventListener(type, onEvent);
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
