import { useQueryClient } from "@tanstack/react-query";
import { useSearchParams } from "react-router";
import { sessionQueryKey } from "@/features/auth/api/get-session";
import { EmailLinkSignIn } from "@/features/auth/components/email-link-sign-in";
import { lazyCode } from "@/lib/lazy-code";

// Its own chunk: the entry's table of what each route needs stays as it was (decision 0022).
const DeleteAccountPage = lazyCode(
  async () => (await import("@/features/users/components/delete-account-page")).DeleteAccountPage,
);

/**
 * /sign-in/link-router?token=…&returnUrl=…: the page an e-mailed link opens. An
 * account deletion link (`purpose=delete-account`) opens the deletion's page
 * here too, so the landing page's route table stays as it was (decision 0078).
 */
export function SignInLinkRouterRoute() {
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  if (params.get("purpose") === "delete-account") {
    // The deleted account's session is gone: the nav shows a guest at once, not the deleted person.
    return <DeleteAccountPage onDeleted={() => queryClient.setQueryData(sessionQueryKey, null)} />;
  }
  return <EmailLinkSignIn token={params.get("token")} returnUrl={params.get("returnUrl")} />;
}
