import { expect, type Page } from "@playwright/test";
import { DetailsPage } from "../pages/details-page";
import { SignInPage } from "../pages/sign-in-page";
import { waitForEmail } from "./mailbox";

/** Asks for a sign-in link on /sign-in and answers the e-mail that brings it. */
export async function requestLinkMail(page: Page, email: string) {
  const signIn = new SignInPage(page);
  if (!page.url().endsWith("/sign-in")) await signIn.open();
  await signIn.requestLink(email);
  return waitForEmail(email);
}

/**
 * Signs `page` in through the real e-mail link and, for a new account, the
 * details screen; waits for where that leads (home, unless the journey came from
 * a protected page).
 */
export async function signUp(page: Page, email: string, name: string) {
  await page.goto((await requestLinkMail(page, email)).link);
  await expect(page).not.toHaveURL(/\/sign-in\/link-router/);
  const details = new DetailsPage(page);
  if (!page.url().endsWith("/sign-in/details")) return; // a returning account
  await details.expectOpen();
  await details.fill(name);
  await details.save.click();
  await expect(details.heading).toBeHidden();
}
