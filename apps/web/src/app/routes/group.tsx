import { useParams } from "react-router";
import { PageLoader } from "@/components/ui/spinner";
import { useSession } from "@/features/auth/api/get-session";
import { AwaitingAdmin, GettingStarted } from "@/features/groups/components/getting-started";
import { type GroupContext, GroupPage } from "@/features/groups/components/group-page";
import { NoPastRoundsYet } from "@/features/groups/components/round-placeholders";
import { CurrentRoundTab } from "@/features/rounds/components/current-round";
import { LeaderboardTab } from "@/features/rounds/components/leaderboard";
import { PastRoundsTab } from "@/features/rounds/components/past-rounds";
import { StartFirstRoundButton } from "@/features/rounds/components/start-first-round-button";

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
    />
  ),
  leaderboard: ({ group, viewerId }: GroupContext) => (
    <LeaderboardTab groupId={group.id} viewerId={viewerId} memberCount={group.members.length} />
  ),
  "past-rounds": ({ group }: GroupContext) => (
    <PastRoundsTab groupId={group.id} empty={<NoPastRoundsYet />} />
  ),
};

/** /group/{groupId}. */
export function GroupRoute() {
  const { groupId = "" } = useParams();
  const { session } = useSession();
  if (!session) return <PageLoader />;
  return <GroupPage key={groupId} groupId={groupId} viewerId={session.user.id} panels={panels} />;
}
