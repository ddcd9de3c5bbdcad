import { type SignInForm, sendEmailLinkResponseSchema } from "@eitheror/shared/identity/schema";
import { useMutation } from "@tanstack/react-query";
import { api, signInLinkUrl } from "@/config/paths";
import { apiRequest } from "@/lib/api-client";
import { emailForSignIn } from "@/lib/email-for-sign-in";

export interface SendEmailLinkInput extends SignInForm {
  /** Where to land after the link, already checked to be a path on this site. */
  returnUrl: string | null;
}

export async function sendEmailLink({ email, returnUrl }: SendEmailLinkInput) {
  const response = await apiRequest(api.sendEmailLink, {
    method: "POST",
    body: { email, actionCodeSettings: { url: signInLinkUrl(returnUrl), handleCodeInApp: true } },
    schema: sendEmailLinkResponseSchema,
  });
  return response.data;
}

/**
 * Sends the sign-in link. The address is remembered first (spec §4 step 2), so a
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
