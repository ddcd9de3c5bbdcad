import type { Locator, Page } from "@playwright/test";

/** The landing page's daily dilemma, by role and label. */
export class LandingPage {
  readonly optionA: Locator;
  readonly optionB: Locator;

  constructor(readonly page: Page) {
    this.optionA = page.getByRole("button", { name: /^Option A:/ });
    this.optionB = page.getByRole("button", { name: /^Option B:/ });
  }

  async open() {
    await this.page.goto("/");
  }

  option(letter: "A" | "B") {
    return letter === "A" ? this.optionA : this.optionB;
  }

  /** The percentage shown on an option, or null while the split is hidden. */
  async percent(letter: "A" | "B"): Promise<number | null> {
    const label = this.option(letter).getByText(/^\d+%$/);
    if (!(await label.isVisible())) return null;
    return Number((await label.textContent())?.replace("%", ""));
  }
}
