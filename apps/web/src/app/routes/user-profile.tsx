import { useParams } from "react-router";
import { PageLoader } from "@/components/ui/spinner";
import { useRefreshSession, useSession } from "@/features/auth/api/get-session";
import type { EmailChangedState } from "@/features/auth/components/email-link-sign-in";
import { UserProfile } from "@/features/users/components/user-profile";
import { useNavigationNotice } from "../use-navigation-notice";

const readEmailChanged = (state: unknown) => (state as EmailChangedState | null)?.emailChanged;

/** /user-profile/{userId}: the viewer's own profile is editable; saving updates the nav too. */
export function UserProfileRoute() {
  const { userId = "" } = useParams();
  const { session } = useSession();
  const refreshSession = useRefreshSession();
  // Arriving from the link that moved the account to a new address.
  const { notice: newEmail, dismiss } = useNavigationNotice(readEmailChanged);

  if (!session) return <PageLoader />;
  return (
    // A new key per profile: a form half-filled on one profile never shows on another.
    <UserProfile
      key={userId}
      userId={userId}
      viewerId={session.user.id}
      onSaved={refreshSession}
      emailChanged={newEmail ? { email: newEmail, dismiss } : undefined}
    />
  );
}
