import type { Locator, Page } from "@playwright/test";

/** /user-profile/{userId}, as its owner sees it. */
export class ProfilePage {
  readonly name: Locator;
  readonly email: Locator;
  readonly changePhoto: Locator;
  readonly joined: Locator;
  readonly save: Locator;

  constructor(readonly page: Page) {
    this.name = page.getByLabel("Name", { exact: true });
    this.email = page.getByLabel("Email Address");
    this.changePhoto = page.getByLabel("Change profile photo");
    this.joined = page.getByText(/^Joined /);
    this.save = page.getByRole("button", { name: "Save" });
  }

  heading(name: string) {
    return this.page.getByRole("heading", { name, level: 1 });
  }
}
