import { expect, type Locator, type Page } from "@playwright/test";

/** The nav bar (docs/product.md#routes-and-guards): the brand, and the profile menu or the guest's links. */
export class NavBar {
  readonly nav: Locator;
  readonly brand: Locator;
  readonly menuButton: Locator;
  readonly photo: Locator;
  /** A guest's way to sign in, in the header. */
  readonly signIn: Locator;
  /** A member's way home, in the header. */
  readonly home: Locator;
  /** A guest's theme choice (members find it in the profile menu). */
  readonly themeButton: Locator;

  constructor(readonly page: Page) {
    this.nav = page.getByRole("navigation", { name: "Main" });
    this.brand = this.nav.getByRole("link", { name: "eitheror" });
    this.menuButton = this.nav.getByRole("button", { name: "Open profile menu" });
    this.photo = this.menuButton.getByRole("img");
    this.signIn = this.nav.getByRole("link", { name: "Sign In", exact: true });
    this.home = this.nav.getByRole("link", { name: "Home", exact: true });
    this.themeButton = this.nav.getByRole("button", { name: "Theme" });
  }

  /** Opens the menu and picks an item: Home, Admin, Profile, Feedback or Log Out. */
  async choose(item: "Home" | "Admin" | "Profile" | "Feedback" | "Log Out") {
    await this.menuButton.click();
    await this.page.getByRole("menuitem", { name: item }).click();
  }

  /** Picks Light, Dark or System from the guest's theme button or the member's menu. */
  async chooseTheme(theme: "Light" | "Dark" | "System") {
    // Whichever the header shows; a member's end of it is fetched after the page, so wait for it.
    await this.menuButton.or(this.themeButton).click();
    await this.page.getByRole("menuitemradio", { name: theme }).click();
  }

  /** The photo is an image the browser actually decoded, not a broken link. */
  async expectPhotoShown() {
    await expect(this.photo).toBeVisible();
    await expect
      .poll(() => this.photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
  }
}
