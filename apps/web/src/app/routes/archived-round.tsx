import { useParams } from "react-router";
import { PageLoader } from "@/components/ui/spinner";
import { useSession } from "@/features/auth/api/get-session";
import { signedInAhead } from "@/features/auth/components/guards";
import { archivedRoundQueryOptions } from "@/features/rounds/api/get-archived-round";
import { roundVotesQueryOptions } from "@/features/rounds/api/get-round-votes";
import { groupAdminQueryOptions } from "@/features/rounds/api/moderation";
import { ArchivedRoundPage } from "@/features/rounds/components/archived-round";
import type { FirstReads } from "@/lib/first-reads";

/**
 * A closed round's first reads, on a direct visit of a signed-in viewer: the round,
 * its votes and the group (whether the viewer is its admin), side by side, before the
 * first render.
 */
export const firstReads: FirstReads = async (queryClient, { groupId = "", roundId = "" }) => {
  if (!(await signedInAhead(queryClient))) return;
  await Promise.all([
    queryClient.prefetchQuery(archivedRoundQueryOptions(groupId, roundId)),
    queryClient.prefetchQuery(roundVotesQueryOptions(groupId, roundId)),
    queryClient.prefetchQuery(groupAdminQueryOptions(groupId)),
  ]);
};

/** /group/{groupId}/archived-round/{roundId} (`?reveal=1` opens its reveal at once). */
export function ArchivedRoundRoute() {
  const { groupId = "", roundId = "" } = useParams();
  const { session } = useSession();
  if (!session) return <PageLoader />;
  return (
    <ArchivedRoundPage
      key={roundId}
      groupId={groupId}
      roundId={roundId}
      viewerId={session.user.id}
    />
  );
}
