import { useParams } from "react-router";
import { PageLoader } from "@/components/ui/spinner";
import { useSession } from "@/features/auth/api/get-session";
import { ArchivedRoundPage } from "@/features/rounds/components/archived-round";

/** /group/{groupId}/archived-round/{roundId}. */
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
