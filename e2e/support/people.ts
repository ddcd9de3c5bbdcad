import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { mailsTo, waitForEmail } from "./mailbox";

/**
 * Signs in through the real e-mailed link, as the app's own screens do but by
 * their API calls: asks for the link, reads it from the mail catcher, trades its
 * token for a session and, for a new account, saves the name as the details
 * screen does. The session's cookies land in `request`'s cookie jar (a page's
 * `page.request` shares its browser's). For journeys whose subject is not
 * signing in: those screens have their own (sign-in.spec.ts, accounts.ts's `signUp`).
 */
export async function signInByLink(request: APIRequestContext, email: string, name: string) {
  const origin = await appOrigin(request);
  const before = (await mailsTo(email, "")).filter((mail) => mail.link).at(-1);
  await apiPost(request, origin, "/api/sign-in/email-link/send", {
    email,
    actionCodeSettings: { url: `${origin}/sign-in/link-router`, handleCodeInApp: true },
  });
  const { link } = await waitForEmail(email, { after: before });
  const token = new URL(link).searchParams.get("token");
  const { data } = (await apiPost(request, origin, "/api/sign-in/email-link/complete", {
    token,
    email,
  })) as { data: { userData: { displayName: string | null } } };
  if (data.userData.displayName?.trim()) return; // a returning account
  await apiPost(request, origin, "/api/auth/update-user", { name });
  await apiPost(request, origin, "/api/new-user-properties", { isAdmin: false });
}

/** The app's origin, the writes' anti-forgery cookie in `request`'s jar (any answer brings it). */
export async function appOrigin(request: APIRequestContext) {
  return new URL((await request.get("/api/health")).url()).origin;
}

/** A write as the page makes it: from the app's origin, the XSRF cookie echoed in its header. */
export async function apiPost(
  request: APIRequestContext,
  origin: string,
  path: string,
  data: object,
) {
  const { cookies } = await request.storageState();
  const xsrf = cookies.find((cookie) => cookie.name === "XSRF-TOKEN")?.value ?? "";
  const response = await request.post(path, {
    data,
    headers: { origin, "x-xsrf-token": decodeURIComponent(xsrf) },
  });
  expect(response.status(), `POST ${path}: ${await response.text()}`).toBe(200);
  return response.json() as Promise<unknown>;
}

/**
 * A new account for this journey alone, signed in in `page`'s browser by the
 * e-mailed link (signInByLink): for a journey that needs an account nobody used
 * before (an empty home, a deletion, today's first pick). The page stays where it was.
 */
export function signUpFresh(page: Page, email: string, name: string) {
  return signInByLink(page.request, email, name);
}
