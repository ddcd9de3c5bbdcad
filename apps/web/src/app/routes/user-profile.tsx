import { useState } from "react";
import { useLocation, useNavigate, useParams } from "react-router";
import { PageLoader } from "@/components/ui/spinner";
import { useRefreshSession, useSession } from "@/features/auth/api/get-session";
import type { EmailChangedState } from "@/features/auth/components/email-link-sign-in";
import { UserProfile } from "@/features/users/components/user-profile";

/** Arriving from the link that changed the address: said once, not again on a reload. */
function useEmailChangedNotice() {
  const location = useLocation();
  const navigate = useNavigate();
  const [email, setEmail] = useState(
    () => (location.state as EmailChangedState | null)?.emailChanged,
  );
  if (!email) return undefined;
  return {
    email,
    dismiss: () => {
      setEmail(undefined);
      navigate(".", { replace: true, state: null });
    },
  };
}

/** /user-profile/{userId}: the viewer's own profile is editable; saving updates the nav too. */
export function UserProfileRoute() {
  const { userId = "" } = useParams();
  const { session } = useSession();
  const refreshSession = useRefreshSession();
  const emailChanged = useEmailChangedNotice();

  if (!session) return <PageLoader />;
  return (
    // A new key per profile: a form half-filled on one profile never shows on another.
    <UserProfile
      key={userId}
      userId={userId}
      viewerId={session.user.id}
      onSaved={refreshSession}
      emailChanged={emailChanged}
    />
  );
}
