import { useNavigate, useParams, useSearchParams } from "react-router";
import { paths } from "@/config/paths";
import { useSession } from "@/features/auth/api/get-session";
import type { ReturnState } from "@/features/auth/components/guards";
import { Invitation } from "@/features/groups/components/invitation";

/**
 * /invite/{inviteCode}, behind GuestSession: a visitor without a session gets a
 * guest one and sees the invitation. Join asks a guest to sign in first (a
 * verified person without a name, to finish their details), then brings them
 * back with `?join=1`, where the invitation joins at once: they said Join already.
 */
export function InviteRoute() {
  const { inviteCode = "" } = useParams();
  const { session, state } = useSession();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  return (
    <Invitation
      key={session?.user.id ?? "none"}
      inviteCode={inviteCode}
      hasSession={Boolean(session)}
      signedIn={state === "signed-in"}
      joinOnArrival={params.get("join") === "1"}
      onArrivalHandled={() => setParams({}, { replace: true })}
      onSignInFirst={(groupName) =>
        navigate(state === "needs-details" ? paths.signInDetails : paths.signIn, {
          state: {
            returnUrl: `${paths.invite(inviteCode)}?join=1`,
            joining: groupName,
          } satisfies ReturnState,
        })
      }
    />
  );
}
