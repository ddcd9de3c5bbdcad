import { safeReturnUrl } from "@eitheror/shared/auth/rules";
import { useLocation, useNavigate } from "react-router";
import { PageLoader } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { useRefreshSession, useSession } from "@/features/auth/api/get-session";
import type { ReturnState } from "@/features/auth/components/guards";
import { DetailsForm } from "@/features/users/components/details-form";

/** /sign-in/details: after saving, the reloaded session makes the user fully signed in. */
export function SignInDetailsRoute() {
  const { session } = useSession();
  const refreshSession = useRefreshSession();
  const navigate = useNavigate();
  const location = useLocation();
  const target = safeReturnUrl((location.state as ReturnState | null)?.returnUrl) ?? paths.home;

  if (!session) return <PageLoader />;
  return (
    <DetailsForm
      userId={session.user.id}
      onSaved={async () => {
        await refreshSession();
        navigate(target, { replace: true });
      }}
    />
  );
}
