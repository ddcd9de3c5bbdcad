import { expect, type Locator, type Page } from "@playwright/test";

/** The landing page's daily dilemma, by role and label. */
export class LandingPage {
  readonly question: Locator;
  readonly optionA: Locator;
  readonly optionB: Locator;
  readonly helper: Locator;

  constructor(readonly page: Page) {
    this.question = page.getByRole("heading", { level: 1 });
    this.optionA = page.getByRole("button", { name: /^Option A:/ });
    this.optionB = page.getByRole("button", { name: /^Option B:/ });
    this.helper = page.getByText(/^Pick one to see how everyone else chose\.$|answers? so far\./);
  }

  async open() {
    await this.page.goto("/");
  }

  /** Open, with the app in charge (the server's first paint has no working buttons). */
  async openReady() {
    await this.open();
    await expect(this.optionA).toBeEnabled();
  }

  /**
   * Open, and wait until the visit's session is there: the card reads the
   * viewer's own choice only then, so a pick from here on is sent at once
   * rather than held for the session.
   */
  async openWithSession() {
    const ownChoiceRead = this.page.waitForResponse(
      (response) =>
        response.request().method() === "GET" &&
        /^\/api\/dilemmas\/global\/[^/]+\/selection$/.test(new URL(response.url()).pathname),
    );
    await this.openReady();
    await ownChoiceRead;
  }

  option(letter: "A" | "B") {
    return letter === "A" ? this.optionA : this.optionB;
  }

  /** The 'Your pick' mark on an option. */
  pick(letter: "A" | "B") {
    return this.option(letter).getByText("Your pick");
  }

  percentLabel(letter: "A" | "B") {
    return this.option(letter).getByText(/^\d+%$/);
  }

  /** The percentage shown on an option, or null while the split is hidden. */
  async percent(letter: "A" | "B"): Promise<number | null> {
    const label = this.percentLabel(letter);
    if (!(await label.isVisible())) return null;
    return Number((await label.textContent())?.replace("%", ""));
  }
}
