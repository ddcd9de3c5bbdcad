import type { Locator, Page } from "@playwright/test";

/** /user-profile/{userId}, as its owner sees it. */
export class ProfilePage {
  readonly name: Locator;
  readonly email: Locator;
  readonly changePhoto: Locator;
  readonly joined: Locator;
  readonly save: Locator;
  /** 'Export my data': one JSON download (decision 0078). */
  readonly exportData: Locator;
  /** 'Delete my account': the button that e-mails the deletion link, after a question. */
  readonly sendDeletionLink: Locator;

  constructor(readonly page: Page) {
    this.name = page.getByLabel("Name", { exact: true });
    this.email = page.getByLabel("Email Address");
    this.changePhoto = page.getByLabel("Change profile photo");
    this.joined = page.getByText(/^Joined /);
    this.save = page.getByRole("button", { name: "Save" });
    this.exportData = page.getByRole("button", { name: "Export my data" });
    this.sendDeletionLink = page
      .getByRole("region", { name: "Delete my account" })
      .getByRole("button", { name: "E-mail me the link" });
  }

  heading(name: string) {
    return this.page.getByRole("heading", { name, level: 1 });
  }
}
