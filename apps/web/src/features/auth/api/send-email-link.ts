import { authApi } from "@eitheror/shared/auth/contract";
import type { SignInForm } from "@eitheror/shared/auth/schema";
import { useMutation } from "@tanstack/react-query";
import { signInLinkUrl } from "@/config/paths";
import { callApi } from "@/lib/api-client";
import { emailForSignIn } from "@/lib/email-for-sign-in";

export interface SendEmailLinkInput extends SignInForm {
  /** Where to land after the link, already checked to be a path on this site. */
  returnUrl: string | null;
}

async function sendEmailLink({ email, returnUrl }: SendEmailLinkInput) {
  const body = {
    email,
    actionCodeSettings: { url: signInLinkUrl(returnUrl), handleCodeInApp: true as const },
  };
  return (await callApi(authApi.sendEmailLink, { body })).data;
}

/**
 * Sends the sign-in link. The address is remembered first (docs/product.md#sign-in-flow), so a
 * link opened in this browser signs in without asking for it again.
 */
export function useSendEmailLink() {
  return useMutation({
    mutationFn: (input: SendEmailLinkInput) => {
      emailForSignIn.write(input.email);
      return sendEmailLink(input);
    },
  });
}
