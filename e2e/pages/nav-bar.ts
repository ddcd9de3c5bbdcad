import { expect, type Locator, type Page } from "@playwright/test";

/** The nav bar's profile picture and its menu (docs/product.md#routes-and-guards). */
export class NavBar {
  readonly menuButton: Locator;
  readonly photo: Locator;

  constructor(readonly page: Page) {
    this.menuButton = page
      .getByRole("navigation", { name: "Main" })
      .getByRole("button", { name: "Open profile menu" });
    this.photo = this.menuButton.getByRole("img");
  }

  /** Opens the menu and picks an item: Admin, Profile, Feedback or Log Out. */
  async choose(item: "Admin" | "Profile" | "Feedback" | "Log Out") {
    await this.menuButton.click();
    await this.page.getByRole("menuitem", { name: item }).click();
  }

  /** The photo is an image the browser actually decoded, not a broken link. */
  async expectPhotoShown() {
    await expect(this.photo).toBeVisible();
    await expect
      .poll(() => this.photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
  }
}
