import { expect, type Locator, type Page } from "@playwright/test";

/** /sign-in/details: a new user's name and optional photo. */
export class DetailsPage {
  readonly heading: Locator;
  readonly name: Locator;
  readonly image: Locator;
  readonly preview: Locator;
  readonly save: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole("heading", {
      name: "Enter your Name and upload profile image (optional).",
    });
    this.name = page.getByLabel("Name", { exact: true });
    this.image = page.getByLabel("Profile image (optional)");
    this.preview = page.getByRole("img", { name: "Your new profile photo" });
    this.save = page.getByRole("button", { name: "Save" });
  }

  async expectOpen() {
    await expect(this.page).toHaveURL(/\/sign-in\/details$/);
    await expect(this.heading).toBeVisible();
  }

  async fill(name: string, imagePath?: string) {
    await this.name.fill(name);
    if (imagePath) {
      await this.image.setInputFiles(imagePath);
      await expect(this.preview).toBeVisible();
    }
  }
}
