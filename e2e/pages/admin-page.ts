import { expect, type Locator, type Page } from "@playwright/test";

/** /admin: generate, add by hand, the bank's figures and the feedback inbox. */
export class AdminPage {
  readonly heading: Locator;
  readonly generate: Locator;
  readonly dilemma: Locator;
  readonly optionA: Locator;
  readonly optionB: Locator;
  readonly add: Locator;
  readonly inbox: Locator;
  /** Open reports of dilemmas and comments (decision 0077). */
  readonly moderation: Locator;
  /** 'Remove a group': the group's id or a link to its page, then a confirmation (decision 0078). */
  readonly groupToRemove: Locator;
  readonly removeGroup: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole("heading", { name: "Admin", level: 1 });
    this.generate = page.getByRole("button", { name: "Generate Dilemmas" });
    this.dilemma = page.getByLabel("Dilemma", { exact: true });
    this.optionA = page.getByLabel("Option A", { exact: true });
    this.optionB = page.getByLabel("Option B", { exact: true });
    this.add = page.getByRole("button", { name: "Add to the bank" });
    this.inbox = page.getByRole("region", { name: "Feedback inbox" });
    this.moderation = page.getByRole("region", { name: "Moderation queue" });
    this.groupToRemove = page.getByLabel("The group's id, or a link to its page");
    this.removeGroup = page
      .getByRole("form", { name: "Remove a group" })
      .getByRole("button", { name: "Remove a group" });
  }

  /** One of the bank's figures, by its label ("Dilemmas in the bank", "Generated"…). */
  figure(label: string) {
    return this.page.locator("dl > div").filter({ hasText: label }).locator("dd");
  }

  /** A figure's number, once it has loaded. */
  async readFigure(label: string) {
    await expect(this.figure(label)).toHaveText(/^\d+$/);
    return Number(await this.figure(label).textContent());
  }

  /** One open report in the moderation queue, by its reason. */
  report(reason: string) {
    return this.moderation.getByRole("listitem").filter({ hasText: reason });
  }

  async addDilemma(dilemma: string, optionA: string, optionB: string) {
    await this.dilemma.fill(dilemma);
    await this.optionA.fill(optionA);
    await this.optionB.fill(optionB);
    await this.add.click();
  }
}
