import { LandingPage } from "./pages/landing-page";
import { expect, expectAccessible, test } from "./support/fixtures";

test.describe("global daily dilemma", () => {
  test("an anonymous visitor chooses A, sees the split, and still sees it after a reload", async ({
    page,
  }) => {
    const landing = new LandingPage(page);
    await landing.open();

    await expect(landing.optionA).toBeVisible();
    await expect(page.getByText("Pick one to see how everyone else chose.")).toBeVisible();
    expect(await landing.percent("A")).toBeNull();
    expect(await landing.percent("B")).toBeNull();
    await expectAccessible(page);

    await landing.optionA.click();
    await expect(landing.optionA).toHaveAttribute("aria-pressed", "true");
    await expect(landing.optionB).toHaveAttribute("aria-pressed", "false");
    await expect(landing.optionA.getByText(/^\d+%$/)).toBeVisible();
    const percentA = await landing.percent("A");
    const percentB = await landing.percent("B");
    expect(percentA).toBeGreaterThan(0);
    expect((percentA ?? 0) + (percentB ?? 0)).toBe(100);
    await expectAccessible(page);

    await page.reload();
    await expect(landing.optionA).toHaveAttribute("aria-pressed", "true");
    await expect(landing.optionA.getByText(/^\d+%$/)).toBeVisible();
    expect((await landing.percent("A")) ?? 0).toBeGreaterThan(0);
  });

  test("a visitor can change their mind, and the choice moves with them", async ({ page }) => {
    const landing = new LandingPage(page);
    await landing.open();
    await landing.optionA.click();
    await expect(landing.optionA).toHaveAttribute("aria-pressed", "true");

    await landing.optionB.click();
    await expect(landing.optionB).toHaveAttribute("aria-pressed", "true");
    await expect(landing.optionA).toHaveAttribute("aria-pressed", "false");
    expect(await landing.percent("B")).toBeGreaterThan(0);

    // The server kept one choice, now B. (That the counts move by exactly one is
    // the integration suite's job: journeys in parallel vote on the same dilemma.)
    await page.reload();
    await expect(landing.optionB).toHaveAttribute("aria-pressed", "true");
    await expect(landing.optionA).toHaveAttribute("aria-pressed", "false");
  });
});

test.describe("app shell and routes", () => {
  test("shows the brand and the footer links", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("link", { name: "eitheror" })).toBeVisible();
    const footer = page.getByRole("navigation", { name: "Footer" });
    await expect(footer.getByRole("link", { name: "Play with Friends" })).toHaveAttribute(
      "href",
      "/gameplay-diagram",
    );
    await expect(footer.getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/sign-in");
    await expect(footer.getByRole("link", { name: "Send Us Feedback" })).toHaveAttribute(
      "href",
      "/feedback",
    );
  });

  test("an unknown path redirects to the landing page", { tag: "@one-device" }, async ({
    page,
  }) => {
    await page.goto("/no/such/page");
    await expect(page).toHaveURL("/");
    await expect(new LandingPage(page).optionA).toBeVisible();
  });

  test("a signed-in screen sends an anonymous visitor to sign in", { tag: "@one-device" }, async ({
    page,
  }) => {
    await page.goto("/");
    await expect(new LandingPage(page).optionA).toBeVisible();
    await page.goto("/home");
    await expect(page).toHaveURL("/sign-in");
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  });
});
