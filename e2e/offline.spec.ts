import type { Page } from "@playwright/test";
import { GroupPage } from "./pages/group-pages";
import { NavBar } from "./pages/nav-bar";
import { expect, test } from "./support/fixtures";
import { addressFor, createGroup } from "./support/groups";
import { signUpFresh } from "./support/people";
import { expectFitsAndShoot } from "./support/screens";

const HOME_CODE = /\/assets\/home-[\w-]+\.js$/;

/**
 * A member on their group's page, opened afresh: the code of Home is not in this
 * page yet (it came with an earlier one, and routing the page's requests keeps
 * the browser's cache out of it, as on a phone that has dropped it).
 */
async function onGroupPage(page: Page, who: string, testInfo: Parameters<typeof addressFor>[1]) {
  await signUpFresh(page, addressFor(who, testInfo), `${who} Member`);
  const groupId = await createGroup(page, `${who}'s group`);
  await page.route("**/assets/**", (route) => route.continue());
  await page.goto(`/group/${groupId}`);
  await expect(new GroupPage(page).heading(`${who}'s group`)).toBeVisible();
  // The app has taken over the page the server painted: its header has the way home.
  await expect(new NavBar(page).home).toBeVisible();
  // Gone if the page loads again: the app must come back without a reload.
  await page.evaluate(() => Object.assign(window, { __samePage: true }));
}

const samePage = (page: Page) =>
  page.evaluate(() => (window as { __samePage?: boolean }).__samePage === true);

/**
 * What the browser and React log for code that did not arrive (the failed
 * request, the error the boundary caught): expected here, so taken off the list.
 */
function forgetCodeFailures(consoleErrors: string[]) {
  const expected =
    /ERR_INTERNET_DISCONNECTED|status of 404|Failed to fetch dynamically imported module|did not arrive/;
  const kept = consoleErrors.filter((error) => !expected.test(error));
  consoleErrors.splice(0, consoleErrors.length, ...kept);
}

test.describe("a page whose code cannot arrive", () => {
  test("offline, Home says so with the header and footer kept, and loads by itself once back online", async ({
    page,
    context,
    consoleErrors,
  }, testInfo) => {
    await onGroupPage(page, "olga", testInfo);
    const nav = new NavBar(page);

    await context.setOffline(true);
    await nav.home.click();
    const alert = page.getByRole("alert");
    await expect(alert).toContainText(
      "You are offline. The page will load as soon as you are back online.",
    );
    await expect(alert.getByRole("button", { name: "Try again" })).toBeVisible();
    await expect(page).toHaveTitle("You are offline · eitheror");
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    // The shell stays: the header with its way home, the footer with its links.
    await expect(nav.brand).toBeVisible();
    await expect(nav.menuButton).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Footer" })).toContainText(
      "Send Us Feedback",
    );
    await expectFitsAndShoot(page, "page offline");

    await context.setOffline(false);
    await expect(page.getByRole("heading", { level: 1, name: "Hi, olga" })).toBeVisible();
    await expect(page).toHaveURL("/home");
    await expect(page.getByRole("region", { name: "My Groups" })).toContainText("olga's group");
    expect(await samePage(page)).toBe(true);
    forgetCodeFailures(consoleErrors);
  });

  test(
    "after a new release (the page's code is gone), the page loads again once and shows Home",
    { tag: "@one-device" },
    async ({ page, consoleErrors }, testInfo) => {
      await onGroupPage(page, "rhea", testInfo);
      // The release replaced the files this page knows: they are gone until it loads again.
      let loads = 0;
      page.on("request", (request) => {
        if (request.isNavigationRequest()) loads += 1;
      });
      await page.route(HOME_CODE, (route) =>
        loads === 0 ? route.fulfill({ status: 404, body: "Not found" }) : route.continue(),
      );

      await new NavBar(page).home.click();
      await expect(page.getByRole("heading", { level: 1, name: "Hi, rhea" })).toBeVisible();
      await expect(page).toHaveURL("/home");
      expect(loads).toBe(1);
      expect(await samePage(page)).toBe(false);
      forgetCodeFailures(consoleErrors);
    },
  );

  test(
    "a release that stays broken loads the page once, then says it could not load it, with Try again",
    { tag: "@one-device" },
    async ({ page, consoleErrors }, testInfo) => {
      await onGroupPage(page, "sven", testInfo);
      let loads = 0;
      page.on("request", (request) => {
        if (request.isNavigationRequest()) loads += 1;
      });
      await page.route(HOME_CODE, (route) => route.fulfill({ status: 404, body: "Not found" }));

      await new NavBar(page).home.click();
      const alert = page.getByRole("alert");
      await expect(alert).toContainText(
        "Could not load this page. Check your connection and try again.",
      );
      await expect(page).toHaveTitle("Could not load this page · eitheror");
      await expect(new NavBar(page).menuButton).toBeVisible();
      expect(loads).toBe(1);

      // Fixed on the server: Try again brings the page, with no further reload.
      await page.unroute(HOME_CODE);
      await alert.getByRole("button", { name: "Try again" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Hi, sven" })).toBeVisible();
      expect(loads).toBe(1);
      forgetCodeFailures(consoleErrors);
    },
  );
});
