import { safeReturnUrl } from "@eitheror/shared/auth/rules";
import { useLocation } from "react-router";
import type { ReturnState } from "@/features/auth/components/guards";
import { SignInForm } from "@/features/auth/components/sign-in-form";

/** /sign-in: where to come back to arrives in navigation state (docs/product.md#routes-and-guards). */
export function SignInRoute() {
  const location = useLocation();
  const state = location.state as ReturnState | null;
  const returnUrl = safeReturnUrl(state?.returnUrl);
  return (
    <SignInForm
      returnUrl={returnUrl}
      joining={typeof state?.joining === "string" ? state.joining : undefined}
    />
  );
}
