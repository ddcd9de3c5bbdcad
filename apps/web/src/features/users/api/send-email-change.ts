import { sendEmailLinkResponseSchema } from "@eitheror/shared/identity/schema";
import { api } from "@/config/paths";
import { apiRequest } from "@/lib/api-client";
import { emailForSignIn } from "@/lib/email-for-sign-in";

/**
 * Mails a verification link to the new address; the address changes only when
 * that link is opened. The link completes like a sign-in link, with the new
 * address, so this browser remembers it to open the link without asking.
 */
export async function sendEmailChange(email: string) {
  emailForSignIn.write(email);
  const response = await apiRequest(api.sendEmailChange, {
    method: "POST",
    body: { email },
    schema: sendEmailLinkResponseSchema,
  });
  return response.data.email;
}
