import {
  type FetchQueryOptions,
  type QueryClient,
  type QueryKey,
  useQueryClient,
} from "@tanstack/react-query";
import { useEffect } from "react";
import { useParams } from "react-router";
import { PageLoader } from "@/components/ui/spinner";
import { useSession } from "@/features/auth/api/get-session";
import { signedInAhead } from "@/features/auth/components/guards";
import { groupQueryOptions } from "@/features/groups/api/get-group";
import { AwaitingAdmin, GettingStarted } from "@/features/groups/components/getting-started";
import { type GroupContext, GroupPage } from "@/features/groups/components/group-page";
import { NoPastRoundsYet } from "@/features/groups/components/round-placeholders";
import { currentRoundQueryOptions } from "@/features/rounds/api/get-current-round";
import { revealQueryOptions } from "@/features/rounds/api/get-reveal";
import { roundsStaleAfter } from "@/features/rounds/api/group-events";
import { CurrentRoundTab } from "@/features/rounds/components/current-round";
import { LeaderboardTab } from "@/features/rounds/components/leaderboard";
import { PastRoundsTab } from "@/features/rounds/components/past-rounds";
import { StartFirstRoundButton } from "@/features/rounds/components/start-first-round-button";
import { PushNudge } from "@/features/users/components/push-notifications";
import type { FirstReads } from "@/lib/first-reads";

/** Before the first round: the admin's Getting Started (with Start First Round), else the wait. */
const beforeFirstRound = ({ group, isAdmin }: GroupContext) =>
  isAdmin ? (
    <GettingStarted
      inviteCode={group.inviteCode}
      memberCount={group.members.length}
      startButton={<StartFirstRoundButton groupId={group.id} memberCount={group.members.length} />}
    />
  ) : (
    <AwaitingAdmin />
  );

/** A group that has played, down to its admin: the invite step; the next round starts as a friend joins. */
const waitingForMembers = ({ group }: GroupContext) => (
  <GettingStarted inviteCode={group.inviteCode} memberCount={group.members.length} waiting />
);

/** The group page's tabs, filled by the rounds feature. */
const panels = {
  current: (context: GroupContext) => (
    <CurrentRoundTab
      groupId={context.group.id}
      members={context.group.members}
      viewerId={context.viewerId}
      noRound={beforeFirstRound(context)}
      waiting={waitingForMembers(context)}
      afterSubmit={<PushNudge />}
    />
  ),
  leaderboard: ({ group, viewerId }: GroupContext) => (
    <LeaderboardTab groupId={group.id} viewerId={viewerId} memberCount={group.members.length} />
  ),
  "past-rounds": ({ group }: GroupContext) => (
    <PastRoundsTab groupId={group.id} empty={<NoPastRoundsYet />} />
  ),
};

/**
 * Asks for an answer unless cached (TanStack's prefetchQuery, which joins a read
 * already under way); resolves once it is in, never with a failure (the page says those).
 */
async function askAhead<T, Key extends QueryKey>(
  queryClient: QueryClient,
  read: FetchQueryOptions<T, Error, T, Key>,
) {
  const state = queryClient.getQueryState(read.queryKey);
  if (!state || state.fetchStatus === "fetching") await queryClient.prefetchQuery(read);
}

/**
 * The group page's first reads: the group, its open round and the reveal of the
 * round that closed, side by side (the round's answer says itself when there is
 * none yet). Resolves once all three have answered.
 */
function readGroupPage(queryClient: QueryClient, groupId: string) {
  return Promise.all([
    askAhead(queryClient, groupQueryOptions(groupId)),
    askAhead(queryClient, currentRoundQueryOptions(groupId)),
    askAhead(queryClient, revealQueryOptions(groupId)),
  ]);
}

export const firstReads: FirstReads = async (queryClient, { groupId = "" }) => {
  if (await signedInAhead(queryClient)) await readGroupPage(queryClient, groupId);
};

/**
 * /group/{groupId}. Its first reads are asked for side by side as the page opens
 * (`readGroupPage`), so the ballot waits for one round trip after the session, not
 * a chain of three; on a direct visit, before the first render (app/router.tsx).
 */
export function GroupRoute() {
  const { groupId = "" } = useParams();
  const { session } = useSession();
  const queryClient = useQueryClient();
  // Once as the page opens: after that the page's own reads decide (a member
  // removed meanwhile is not asked for the group again).
  useEffect(() => {
    void readGroupPage(queryClient, groupId);
  }, [queryClient, groupId]);
  if (!session) return <PageLoader />;
  return (
    <GroupPage
      key={groupId}
      groupId={groupId}
      viewerId={session.user.id}
      panels={panels}
      staleAfter={roundsStaleAfter(groupId)}
    />
  );
}
