import { useParams } from "react-router";
import { PageLoader } from "@/components/ui/spinner";
import { useSession } from "@/features/auth/api/get-session";
import { GroupProfile } from "@/features/groups/components/group-profile";

/** /group-profile/{groupId}. */
export function GroupProfileRoute() {
  const { groupId = "" } = useParams();
  const { session } = useSession();
  if (!session) return <PageLoader />;
  return <GroupProfile key={groupId} groupId={groupId} viewerId={session.user.id} />;
}
