import { expect, type Locator, type Page } from "@playwright/test";

/** /feedback: the textarea with its 'n/1000' counter, Send, then the thanks. */
export class FeedbackPage {
  readonly heading: Locator;
  readonly text: Locator;
  readonly send: Locator;
  readonly errors: Locator;
  readonly thanks: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole("heading", { name: "Send us feedback", level: 1 });
    this.text = page.getByLabel("Your feedback");
    this.send = page.getByRole("button", { name: "Send" });
    this.errors = page.getByRole("alert");
    this.thanks = page.getByText("Feedback received. Thank you");
  }

  async open() {
    await this.page.goto("/feedback");
    await expect(this.heading).toBeVisible();
    await expect(this.send).toBeEnabled();
  }

  counter(text: string) {
    return this.page.getByText(text, { exact: true });
  }

  async sendFeedback(text: string) {
    await this.text.fill(text);
    await this.send.click();
    await expect(this.thanks).toBeVisible();
  }
}
