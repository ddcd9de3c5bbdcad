import { expect, type Locator, type Page } from "@playwright/test";

/** /sign-in, and the prompt of /sign-in/link-router, which asks for the same address. */
export class SignInPage {
  readonly heading: Locator;
  readonly email: Locator;
  readonly send: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole("heading", { name: "Sign In", exact: true });
    this.email = page.getByLabel("Email Address");
    this.send = page.getByRole("button", { name: "Send Sign In Link" });
  }

  async open() {
    await this.page.goto("/sign-in");
    await expect(this.heading).toBeVisible();
  }

  /** Asks for a link and waits for the 'e-mail sent' state. */
  async requestLink(email: string) {
    await this.email.fill(email);
    await this.send.click();
    await expect(this.sentMessage(email)).toBeVisible();
  }

  sentMessage(email: string) {
    return this.page.getByText(`Sign in by clicking link sent to your email: ${email}`);
  }
}

/** The link-router's prompt for the address, when this browser does not remember it. */
export class ConfirmEmailPrompt {
  readonly heading: Locator;
  readonly email: Locator;
  readonly signIn: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole("heading", { name: "Confirm your email" });
    this.email = page.getByLabel("Email Address");
    this.signIn = page.getByRole("button", { name: "Sign In", exact: true });
  }

  async confirm(email: string) {
    await this.email.fill(email);
    await this.signIn.click();
  }
}
