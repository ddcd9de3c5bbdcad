import { useSearchParams } from "react-router";
import { EmailLinkSignIn } from "@/features/auth/components/email-link-sign-in";

/** /sign-in/link-router?token=…&returnUrl=…: the page an e-mailed link opens. */
export function SignInLinkRouterRoute() {
  const [params] = useSearchParams();
  return <EmailLinkSignIn token={params.get("token")} returnUrl={params.get("returnUrl")} />;
}
