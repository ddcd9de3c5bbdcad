import { byVotesNeeded } from "@eitheror/shared/rounds/rules";
import { Alert } from "@/components/ui/alert";
import { PageTitle } from "@/components/ui/page-title";
import { PageLoader } from "@/components/ui/spinner";
import { useSession } from "@/features/auth/api/get-session";
import { DailyDilemmaPanel } from "@/features/global-dilemma/components/daily-dilemma-panel";
import type { GroupClosedState } from "@/features/groups/components/group-page";
import { MyGroups } from "@/features/groups/components/my-groups";
import { useRoundsOfMine, useUnseenResults } from "@/features/rounds/api/get-rounds-of-mine";
import { RoundStatus } from "@/features/rounds/components/round-status";
import { useNavigationNotice } from "../use-navigation-notice";

const readGroupNotice = (state: unknown) =>
  (state as GroupClosedState | null)?.groupNotice ?? undefined;

/** /home: a greeting, today's dilemma (collapsible) and My Groups. */
export function HomeRoute() {
  const { session } = useSession();
  const rounds = useRoundsOfMine();
  const unseen = useUnseenResults();
  // "You were removed from …", brought from the group's page.
  const groupNotice = useNavigationNotice(readGroupNotice);
  if (!session) return <PageLoader />;
  const firstName = session.user.name?.split(/\s+/)[0];
  const roundOf = (groupId: string) => rounds.data?.find((open) => open.groupId === groupId);
  return (
    <div className="space-y-8 sm:space-y-10">
      <PageTitle screen="Home" />
      <h1 className="text-2xl font-bold tracking-tight text-fg sm:text-3xl">
        {firstName ? `Hi, ${firstName}` : "Welcome back"}
      </h1>
      {groupNotice.notice && (
        <Alert kind="info" onDismiss={groupNotice.dismiss}>
          {groupNotice.notice}
        </Alert>
      )}
      <DailyDilemmaPanel />
      <MyGroups
        viewerId={session.user.id}
        roundStatus={(group) => {
          const round = roundOf(group.id);
          const resultsIn = unseen.data?.has(group.id) ?? false;
          // Unknown (loading, or its read failed): nothing, rather than "not started yet".
          if (rounds.isPending || rounds.isError) return <span aria-hidden>&nbsp;</span>;
          // Neither: undefined, so the card says the first round has not started.
          return round || resultsIn ? (
            <RoundStatus round={round} resultsIn={resultsIn} />
          ) : undefined;
        }}
        // The groups that need the viewer's votes come first, due soonest first.
        order={(groups) => byVotesNeeded(groups, (group) => roundOf(group.id))}
      />
    </div>
  );
}
