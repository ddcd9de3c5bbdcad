import type { Locator, Page } from "@playwright/test";

/** /gameplay-diagram: the game loop drawn, the rules in words, and Create Group. */
export class GameplayPage {
  readonly heading: Locator;
  readonly diagram: Locator;
  readonly createGroup: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole("heading", {
      name: "How well do your friends know you?",
      level: 1,
    });
    this.diagram = page.getByRole("figure", { name: "The game loop" });
    this.createGroup = page.getByRole("link", { name: "Create Group" });
  }

  /** A step of the loop, by its title. */
  step(title: string) {
    return this.diagram.getByRole("listitem").filter({ hasText: title });
  }
}
