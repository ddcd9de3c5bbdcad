import { useParams } from "react-router";
import { PageLoader } from "@/components/ui/spinner";
import { useRefreshSession, useSession } from "@/features/auth/api/get-session";
import { UserProfile } from "@/features/users/components/user-profile";

/** /user-profile/{userId}: the viewer's own profile is editable; saving updates the nav too. */
export function UserProfileRoute() {
  const { userId = "" } = useParams();
  const { session } = useSession();
  const refreshSession = useRefreshSession();

  if (!session) return <PageLoader />;
  return (
    // A new key per profile: a form half-filled on one profile never shows on another.
    <UserProfile key={userId} userId={userId} viewerId={session.user.id} onSaved={refreshSession} />
  );
}
