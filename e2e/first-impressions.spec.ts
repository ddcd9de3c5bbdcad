import type { Locator, Page, TestInfo } from "@playwright/test";
import { DetailsPage } from "./pages/details-page";
import { GroupProfilePage, HomePage, InvitePage } from "./pages/group-pages";
import { LandingPage } from "./pages/landing-page";
import { NavBar } from "./pages/nav-bar";
import { ProfilePage } from "./pages/profile-page";
import { ArchivedRoundPage, RoundTabs } from "./pages/round-pages";
import { ConfirmEmailPrompt, SignInPage } from "./pages/sign-in-page";
import { requestLinkMail } from "./support/accounts";
import {
  deviceContext,
  expect,
  expectAccessible,
  expectRefusedRequest,
  test,
} from "./support/fixtures";
import {
  createGroup,
  createGroupByApi,
  inviteLinkOf,
  joinByApi,
  joinByLink,
  thirdBrowser,
} from "./support/groups";
import { waitForEmail } from "./support/mailbox";
import { apiPost, appOrigin, signUpFresh } from "./support/people";
import { voteAndSubmit } from "./support/round-api";
import { expectFitsAndShoot, expectScreen } from "./support/screens";
import { copiedTexts, withoutShareSheet } from "./support/share";

const addressFor = (who: string, testInfo: TestInfo) =>
  `${who}-${testInfo.project.name}-${Date.now()}@example.test`;

/**
 * The longest names there are (50 characters), each with an emoji, one of them a
 * single 47-letter word: no screen may grow wider than a 320 px phone for them.
 */
const MIA = "Wolkenkratzerbewohnerinnenvereinigungsvorstands 🎉";
const KAI = "Kai Donaudampfschifffahrtsgesellschaftskapitäni 🦄";
const GROUP = "🎲 Spieleabendverabredungsgemeinschaftsrunde 26 🎲";

/** The browser logs each request it could not send offline: expected, so taken off the list. */
function forgetOffline(consoleErrors: string[]) {
  const kept = consoleErrors.filter((error) => !/ERR_INTERNET_DISCONNECTED/.test(error));
  consoleErrors.splice(0, consoleErrors.length, ...kept);
}

/** On the narrowest phone (320 px) the group's three tabs are all in view: none hides behind a scroll. */
async function expectAllTabsInView(page: Page, tabs: RoundTabs) {
  const viewport = page.viewportSize();
  await page.setViewportSize({ width: 320, height: viewport?.height ?? 720 });
  const row = await box(tabs.tabs);
  for (const name of ["Current Round", "Leaderboard", "Past Rounds"] as const) {
    const tab = await box(tabs.tab(name));
    expect(tab.x, name).toBeGreaterThanOrEqual(row.x);
    expect(tab.x + tab.width, name).toBeLessThanOrEqual(row.x + row.width);
  }
  expect(await tabs.tabs.evaluate((list) => list.scrollWidth <= list.clientWidth)).toBe(true);
  if (viewport) await page.setViewportSize(viewport);
}

/** A token of the right shape that the server never issued. */
const unknownToken = "x".repeat(43);

type Box = { x: number; y: number; width: number; height: number };
const round = ({ x, y, width, height }: Box) => [x, y, width, height].map(Math.round);
async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error("not on screen");
  return found;
}

type Shift = PerformanceEntry & {
  value: number;
  sources: { node?: Node | null; previousRect: DOMRectReadOnly }[];
};

/**
 * Adds up the page's layout shifts from its first frame (read with `shiftsOf`), and
 * keeps each with how high up the page its highest moved element was.
 */
function watchShifts(page: Page) {
  return page.addInitScript(() => {
    const shifts = { total: 0, each: [] as { value: number; top: number; moved: string[] }[] };
    Object.assign(window, { __shifts: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Shift[]) {
        shifts.total += entry.value;
        const top = Math.min(...entry.sources.map((source) => source.previousRect.top));
        // What moved, named for a failure's message: its tag and its first classes.
        const moved = entry.sources.map(({ node }) =>
          node instanceof Element ? `${node.tagName} ${node.className}`.slice(0, 80) : "text",
        );
        shifts.each.push({ value: entry.value, top, moved });
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
}
type Shifts = { total: number; each: { value: number; top: number; moved: string[] }[] };
const shiftsOf = async (page: Page) =>
  (await page.evaluate(() => (window as unknown as { __shifts: Shifts }).__shifts)).total;
/** The shifts that moved something above `y` (px from the top of the viewport). */
const shiftsAbove = async (page: Page, y: number) =>
  (await page.evaluate(() => (window as unknown as { __shifts: Shifts }).__shifts)).each.filter(
    (shift) => shift.top < y,
  );

test.describe("the first screen", () => {
  test("today's question is in the page itself, before any script runs", async ({
    browser,
    device,
  }) => {
    const context = await deviceContext(browser, device, { javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/");
    const landing = new LandingPage(page);
    await expect(landing.question).toBeVisible();
    await expect(landing.optionA).toBeVisible();
    await expect(landing.optionB).toBeVisible();
    await expect(page.getByText("Pick one to see how everyone else chose.")).toBeVisible();
    await expect(page.getByRole("link", { name: "eitheror" })).toBeVisible();
    await context.close();
  });

  test("the app takes over exactly where the page painted: nothing moves", async ({
    browser,
    device,
  }) => {
    const staticContext = await deviceContext(browser, device, { javaScriptEnabled: false });
    const staticPage = await staticContext.newPage();
    await staticPage.goto("/");
    const painted = new LandingPage(staticPage);
    const before = {
      brand: round(await box(staticPage.getByRole("link", { name: "eitheror" }))),
      question: round(await box(painted.question)),
      optionA: round(await box(painted.optionA)),
      optionB: round(await box(painted.optionB)),
      helper: round(await box(painted.helper)),
    };
    await staticContext.close();

    const context = await deviceContext(browser, device);
    const page = await context.newPage();
    await watchShifts(page);
    await page.goto("/");
    const landing = new LandingPage(page);
    await expect(landing.optionA).toBeEnabled();
    // The guest session, the own-choice read and the section under the card have all arrived.
    await expect(page.getByRole("heading", { name: "Think you know your friends?" })).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect({
      brand: round(await box(new NavBar(page).brand)),
      question: round(await box(landing.question)),
      optionA: round(await box(landing.optionA)),
      optionB: round(await box(landing.optionB)),
      helper: round(await box(landing.helper)),
    }).toEqual(before);
    expect(await shiftsOf(page)).toBe(0);
    await context.close();
  });

  test("a member's group page and closed round come painted, and the app takes over where they painted", async ({
    browser,
    device,
    page,
    otherBrowserPage: friend,
    people,
  }) => {
    await Promise.all([people.signIn(page, MIA), people.signIn(friend, KAI)]);
    const { groupId, link } = await createGroupByApi(page, GROUP);
    await joinByApi(friend, link);
    const origin = await appOrigin(page.request);
    await apiPost(page.request, origin, `/api/groups/${groupId}/rounds/start-first-round`, {});
    const { cookies } = await page.context().storageState();

    /** The page's boxes without scripts (the server's paint), then with the app, and its layout shifts. */
    const paintedThenDrawn = async (
      path: string,
      names: Record<string, (page: Page) => Locator>,
      drawn: (page: Page) => Locator,
    ) => {
      const staticContext = await deviceContext(browser, device, { javaScriptEnabled: false });
      await staticContext.addCookies(cookies);
      const staticPage = await staticContext.newPage();
      await staticPage.goto(path);
      const before: Record<string, number[]> = {};
      for (const [name, find] of Object.entries(names))
        before[name] = round(await box(find(staticPage)));
      const title = await staticPage.title();
      await staticContext.close();

      const context = await deviceContext(browser, device);
      await context.addCookies(cookies);
      const live = await context.newPage();
      await watchShifts(live);
      await live.goto(path);
      await expect(drawn(live)).toBeVisible();
      await live.waitForLoadState("networkidle");
      const after: Record<string, number[]> = {};
      for (const [name, find] of Object.entries(names)) after[name] = round(await box(find(live)));
      expect(after).toEqual(before);
      expect(await live.title()).toBe(title);
      // Nothing the page painted moves (below it, the app's own cards come in one by one).
      const paintedBottom = Math.max(...Object.values(before).map(([, y = 0, , h = 0]) => y + h));
      expect(await shiftsAbove(live, paintedBottom)).toEqual([]);
      await context.close();
    };

    const tabs = (p: Page) => new RoundTabs(p);
    await paintedThenDrawn(
      `/group/${groupId}`,
      {
        name: (p) => p.getByRole("heading", { level: 1, name: GROUP }),
        tabs: (p) => tabs(p).tabs,
        question: (p) => p.getByRole("heading", { level: 2 }).first(),
        optionB: (p) => p.getByText("Option B:", { exact: false }).first(),
      },
      (p) => tabs(p).card(KAI),
    );

    const current = await page.request.get(`/api/groups/${groupId}/rounds/current`);
    const { roundId } = (await current.json()).data.dilemmaData as { roundId: string };
    await voteAndSubmit(page, groupId, { [MIA]: "A", [KAI]: "B" });
    await voteAndSubmit(friend, groupId, { [MIA]: "A", [KAI]: "A" });
    const archived = (p: Page) => new ArchivedRoundPage(p);
    await paintedThenDrawn(
      `/group/${groupId}/archived-round/${roundId}`,
      {
        back: (p) => p.getByRole("link", { name: "Back to group" }),
        question: (p) => p.getByRole("heading", { level: 1 }),
        replay: (p) => p.getByRole("button", { name: "Replay the reveal" }),
        report: (p) => p.getByRole("button", { name: "Report dilemma" }),
      },
      (p) => archived(p).results,
    );

    // Nobody else gets the group in the page: a stranger's session, and none.
    const stranger = await browser.newContext({ javaScriptEnabled: false });
    const strangerPage = await stranger.newPage();
    await strangerPage.goto(`/group/${groupId}`);
    await expect(strangerPage.getByRole("heading", { name: GROUP })).toHaveCount(0);
    expect(await strangerPage.content()).not.toContain("Spieleabend");
    await stranger.close();
  });

  test("assets come compressed and cached for good; the page is revalidated; no source maps", {
    tag: "@one-device",
  }, async ({ request }) => {
    const page = await request.get("/");
    expect(page.headers()["cache-control"]).toBe("no-cache");
    const scripts = [...(await page.text()).matchAll(/src="(\/assets\/[^"]+\.js)"/g)].map(
      ([, src]) => src,
    );
    expect(scripts.length).toBeGreaterThan(0);
    const script = scripts[0] as string;

    const brotli = await request.get(script, { headers: { "accept-encoding": "br" } });
    expect(brotli.status()).toBe(200);
    expect(brotli.headers()["content-encoding"]).toBe("br");
    expect(brotli.headers().vary).toMatch(/accept-encoding/i);
    expect(brotli.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    const gzip = await request.get(script, { headers: { "accept-encoding": "gzip" } });
    expect(gzip.headers()["content-encoding"]).toBe("gzip");

    const source = await (await request.get(script)).text();
    expect(source).not.toContain("sourceMappingURL");
    expect((await request.get(`${script}.map`)).status()).not.toBe(200);
  });

  test("share previews, the install manifest and its icons are there", {
    tag: "@one-device",
  }, async ({ request }) => {
    const html = await (await request.get("/")).text();
    const image = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1];
    expect(/<meta property="og:title" content="eitheror"/.test(html)).toBe(true);
    expect(/<meta name="twitter:card" content="summary_large_image"/.test(html)).toBe(true);
    expect(image).toMatch(/^http:\/\/localhost:\d+\/og-image\.png$/);
    const shareImage = await request.get(new URL(image as string).pathname);
    expect(shareImage.headers()["content-type"]).toBe("image/png");

    const invite = await (await request.get("/invite/some-code")).text();
    expect(invite).toContain('<meta property="og:title" content="You are invited!"');
    expect(invite).toMatch(/<meta property="og:description" content="[^"]*eitheror/);

    const manifest = await request.get("/manifest.webmanifest");
    const { name, icons } = (await manifest.json()) as { name: string; icons: { src: string }[] };
    expect(name).toBe("eitheror");
    for (const { src } of icons) expect((await request.get(src)).status()).toBe(200);
    expect((await request.get("/apple-touch-icon.png")).status()).toBe(200);
  });
});

test.describe("header and footer", () => {
  test("a guest signs in from the header; the footer says Sign In too", async ({ page }) => {
    const nav = new NavBar(page);
    const footer = page.getByRole("navigation", { name: "Footer" });
    await new LandingPage(page).openReady();
    await expect(nav.brand).toHaveAttribute("href", "/");
    await expect(footer.getByRole("link", { name: "Sign In" })).toBeVisible();
    await expect(nav.home).toBeHidden();

    await nav.signIn.click();
    await expect(page).toHaveURL("/sign-in");
    await expect(new SignInPage(page).heading).toBeVisible();
    // Already there: the header does not offer it again.
    await expect(nav.signIn).toBeHidden();
  });

  test("a member's brand and Home lead home; the menu has Home; no Sign In anywhere", async ({
    page,
  }, testInfo) => {
    const nav = new NavBar(page);
    await signUpFresh(page, addressFor("hope", testInfo), "Hope");
    await page.goto("/");
    await expect(nav.menuButton).toBeVisible();
    await expect(nav.brand).toHaveAttribute("href", "/home");
    await expect(nav.signIn).toBeHidden();
    await expect(
      page.getByRole("navigation", { name: "Footer" }).getByRole("link", { name: "Sign In" }),
    ).toBeHidden();
    await expect(page.getByRole("navigation", { name: "Footer" })).toContainText(
      "Play with Friends",
    );

    await nav.home.click();
    await expect(page).toHaveURL("/home");
    await expect(nav.home).toHaveAttribute("aria-current", "page");
    await page.goto("/gameplay-diagram");
    await nav.choose("Home");
    await expect(page).toHaveURL("/home");
    await nav.brand.click();
    await expect(page).toHaveURL("/home");
  });

  test("a direct visit to a member's screen fetches its code while the session is still read", async ({
    page,
  }, testInfo) => {
    await signUpFresh(page, addressFor("ines", testInfo), "Ines");
    // The screen's chunk is named after its module (vite): /assets/home-<hash>.js.
    const homeCode = new Promise<void>((resolve) => {
      page.on("request", (request) => {
        if (/\/assets\/home-[\w-]+\.js$/.test(request.url())) resolve();
      });
    });
    // The session's answer waits for the screen's code to be asked for, a few seconds at
    // most: before the screens were fetched ahead, it was asked for only after that answer.
    let codeBeforeSession: boolean | undefined;
    await page.route("**/api/auth/get-session", async (route) => {
      codeBeforeSession ??= await Promise.race([
        homeCode.then(() => true),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 5000)),
      ]);
      await route.continue();
    });
    await new HomePage(page).open();
    expect(codeBeforeSession).toBe(true);
  });

  test("the skip link is the first stop of the keyboard and lands in the page", async ({
    page,
  }) => {
    const landing = new LandingPage(page);
    await landing.openReady();
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press("Enter");
    await expect(page.locator("main")).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(landing.optionA).toBeFocused();
  });
});

test.describe("dark mode", () => {
  test("follows the system until a choice is made, and remembers the choice", async ({ page }) => {
    const nav = new NavBar(page);
    const html = page.locator("html");
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await page.emulateMedia({ colorScheme: "dark" });
    await new LandingPage(page).openReady();
    await expect(html).toHaveClass(/\bdark\b/);
    const dark = await background();

    await page.emulateMedia({ colorScheme: "light" });
    await expect(html).not.toHaveClass(/\bdark\b/);
    expect(await background()).not.toBe(dark);

    await nav.chooseTheme("Dark");
    await expect(html).toHaveClass(/\bdark\b/);
    await page.reload();
    // Dark before the app runs: the page script applied the stored choice.
    await expect(html).toHaveClass(/\bdark\b/);
    expect(await background()).toBe(dark);

    await nav.chooseTheme("System");
    await expect(html).not.toHaveClass(/\bdark\b/);
    await page.reload();
    await expect(html).not.toHaveClass(/\bdark\b/);
  });

  test("members choose it in the profile menu", async ({ page }, testInfo) => {
    const nav = new NavBar(page);
    await signUpFresh(page, addressFor("nia", testInfo), "Nia");
    await new HomePage(page).open();
    await nav.chooseTheme("Dark");
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    await nav.menuButton.click();
    await expect(page.getByRole("menuitemradio", { name: "Dark" })).toHaveAttribute(
      "aria-checked",
      "true",
    );
    await expectAccessible(page);
    await page.keyboard.press("Escape");
  });
});

test.describe("every screen: a title, one h1, accessible in light and dark", () => {
  // Many screens, each checked twice by axe.
  test.describe.configure({ timeout: 480_000 });

  test("a guest's screens", async ({ page, browser, baseURL, consoleErrors }, testInfo) => {
    const landing = new LandingPage(page);
    await landing.openReady();
    await expectScreen(page, "Today's Dilemma");
    await landing.optionA.click();
    await expect(landing.pick("A")).toBeVisible();
    await expectScreen(page, "Today's Dilemma");

    const signIn = new SignInPage(page);
    await signIn.open();
    await expectScreen(page, "Sign In");
    await signIn.requestLink(addressFor("gia", testInfo));
    await expectScreen(page, "Check Your Email");

    for (const [path, title] of [
      ["/gameplay-diagram", "How to Play"],
      ["/invite/some-code", "Invitation Not Found"],
    ] as const) {
      await page.goto(path);
      await expectScreen(page, title);
    }
    // A code no group has: the server says 404, the screen says so.
    await expectRefusedRequest(consoleErrors, 404);

    // A fresh browser: the link page asks for the address, or says the link is bad.
    const context = await browser.newContext({ baseURL });
    const other = await context.newPage();
    await other.goto(`/sign-in/link-router?token=${unknownToken}`);
    await expect(new ConfirmEmailPrompt(other).heading).toBeVisible();
    await expectScreen(other, "Confirm Your Email");
    await other.goto("/sign-in/link-router?token=garbage");
    await expect(other.getByRole("heading", { name: "We couldn't sign you in" })).toBeVisible();
    await expectScreen(other, "Invalid Link");
    await context.close();
  });

  test("a member's screens, with the longest names and emoji", async ({
    page,
    otherBrowserPage: friend,
    browser,
    consoleErrors,
  }, testInfo) => {
    await signUpFresh(friend, addressFor("kai", testInfo), KAI);
    await new HomePage(friend).open();
    await new NavBar(friend).choose("Profile");
    await expect(friend).toHaveURL(/\/user-profile\/[^/]+$/);

    await page.goto((await requestLinkMail(page, addressFor("mia", testInfo))).link);
    const details = new DetailsPage(page);
    await details.expectOpen();
    await expectScreen(page, "Your Details");
    await details.fill(MIA);
    await details.save.click();
    await expect(page).toHaveURL("/home");
    await expectScreen(page, "Home");

    await new NavBar(page).choose("Profile");
    const profile = new ProfilePage(page);
    await expect(profile.heading(MIA)).toBeVisible();
    await expectScreen(page, "Your Profile");

    await page.goto(friend.url());
    await expect(profile.heading(KAI)).toBeVisible();
    await expectScreen(page, KAI);

    // A group of two, its first round open: every screen that shows their names.
    const groupId = await createGroup(page, GROUP);
    await expectFitsAndShoot(page, "group getting started");
    const link = await inviteLinkOf(page, groupId);
    await friend.goto(link);
    await expect(new InvitePage(friend).join).toBeEnabled();
    await expectFitsAndShoot(friend, "invite");
    await joinByLink(friend, link, GROUP);
    await new GroupProfilePage(page).open(groupId);
    await expect(new GroupProfilePage(page).member(KAI)).toBeVisible();
    await expectScreen(page, `${GROUP} · Group Profile`);
    await new GroupProfilePage(page)
      .member(KAI)
      .getByRole("button", { name: /^Remove/ })
      .click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText(`Are you sure you want to remove ${KAI} from group?`);
    await expectFitsAndShoot(page, "remove member");
    await dialog.getByRole("button", { name: "Cancel" }).click();

    const tabs = new RoundTabs(page);
    await tabs.open(groupId);
    await tabs.startFirstRound.click();
    await expect(tabs.card(KAI)).toBeVisible();
    await expectScreen(page, GROUP);
    await expectAllTabsInView(page, tabs);
    // Offline, a pick is not saved: the card says so under its name, and keeps its width.
    await page.context().setOffline(true);
    await tabs.card(KAI).getByRole("button", { name: /^B\b/ }).click();
    await expect(tabs.card(KAI).getByRole("alert")).toContainText("Not saved. You are offline.");
    await expectFitsAndShoot(page, "vote not saved");
    await page.context().setOffline(false);
    forgetOffline(consoleErrors);

    // Both vote and submit: the round closes, its results and the leaderboard show.
    // Away from the group's page meanwhile: there the close would show (and see) the results at once.
    await new HomePage(page).open();
    await voteAndSubmit(page, groupId, { [MIA]: "A", [KAI]: "B" });
    await voteAndSubmit(friend, groupId, { [MIA]: "A", [KAI]: "A" });
    // Sharing the closed round below copies its link here, not to a share sheet.
    await withoutShareSheet(page);
    // The round's results show first, over the next ballot.
    await page.goto(`/group/${groupId}`);
    await expect(tabs.reveal).toContainText(KAI);
    await expectFitsAndShoot(page, "reveal");
    await tabs.skipReveal();
    await tabs.open(groupId, "leaderboard");
    await expect(tabs.leaderboard.getByRole("listitem")).toHaveCount(2);
    await expectFitsAndShoot(page, "leaderboard");
    await tabs.tab("Past Rounds").click();
    await expect(tabs.pastRounds.getByRole("link")).toHaveCount(1);
    await expectFitsAndShoot(page, "past rounds");
    await tabs.pastRounds.getByRole("link").click();
    await expect(new ArchivedRoundPage(page).member(KAI)).toBeVisible();
    await expectScreen(page, "Past round");
    // Its share link, as someone outside the group opens it: the podium names them both.
    await page.getByRole("button", { name: "Share results" }).click();
    await expect(page.getByRole("button", { name: "Copied" })).toBeVisible();
    const [copied = ""] = await copiedTexts(page);
    const shared = copied.split("\n")[1] ?? "";
    expect(shared).toMatch(/\/shared\/round\//);
    const stranger = await thirdBrowser(browser, page);
    await stranger.page.goto(shared);
    const podium = stranger.page.getByRole("region", { name: "Podium" });
    await expect(podium).toContainText(KAI);
    await expect(podium).toContainText(MIA);
    await expectFitsAndShoot(stranger.page, "round share teaser");
    await stranger.close();
    await new HomePage(page).open();
    await expect(new HomePage(page).groupCard(GROUP)).toBeVisible();
    await expectFitsAndShoot(page, "home with a group");

    for (const [path, title] of [
      ["/create-group", "Create Group"],
      ["/group/g1", "Group Not Found"],
      ["/group-profile/g1", "Group Not Found"],
      ["/group/g1/archived-round/r1", "Round Not Found"],
      ["/feedback", "Feedback"],
      ["/", "Today's Dilemma"],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expectScreen(page, title);
      // A group nobody has: the server says 404, the screen says so.
      if (title === "Group Not Found") await expectRefusedRequest(consoleErrors, 404);
      // A round nobody has: the round, its votes and its group (whose admin may hide comments) are 404.
      if (title === "Round Not Found") {
        for (let refused = 0; refused < 3; refused++)
          await expectRefusedRequest(consoleErrors, 404);
      }
    }
  });

  test("a profile that does not exist", async ({ page, consoleErrors }, testInfo) => {
    await signUpFresh(page, addressFor("ned", testInfo), "Ned");
    await page.goto("/user-profile/no-such-user");
    await expect(page.getByRole("heading", { name: "This profile does not exist." })).toBeVisible();
    await expectRefusedRequest(consoleErrors, 404);
    await expectScreen(page, "Profile Not Found");
  });
});

test.describe("the landing page's option cards", () => {
  test("the pick mark covers nothing, and choosing moves nothing", async ({ page }) => {
    const landing = new LandingPage(page);
    await landing.openReady();
    await expect(landing.helper).toHaveText("Pick one to see how everyone else chose.");
    const before = {
      a: round(await box(landing.optionA)),
      b: await box(landing.optionB),
    };

    await landing.optionB.click();
    await expect(landing.pick("B")).toBeVisible();
    await expect(landing.percentLabel("B")).toBeVisible();
    // Away from the pointer: a hovered card is allowed its shadow, never a move.
    await page.mouse.move(0, 0);
    expect(round(await box(landing.optionA))).toEqual(before.a);
    expect(round(await box(landing.optionB))).toEqual(round(before.b));

    const pick = await box(landing.pick("B"));
    const percent = await box(landing.percentLabel("B"));
    const text = await box(landing.optionB.locator("span:has(> .sr-only)"));
    for (const other of [percent, text]) {
      const apart =
        pick.x + pick.width <= other.x ||
        other.x + other.width <= pick.x ||
        pick.y + pick.height <= other.y ||
        other.y + other.height <= pick.y;
      expect(apart).toBe(true);
    }
  });

  test("badge, text and figure sit on the card's middle line; on a desktop the cards are compact and side by side", async ({
    page,
    isMobile,
  }) => {
    const landing = new LandingPage(page);
    await landing.openReady();
    await landing.optionA.click();
    await expect(landing.percentLabel("A")).toBeVisible();
    const card = await box(landing.optionA);
    const middle = (b: Box) => b.y + b.height / 2;
    for (const part of [
      landing.percentLabel("A"),
      landing.optionA.getByText("A", { exact: true }),
      landing.optionA.locator("span:has(> .sr-only)"),
    ])
      expect(Math.abs(middle(await box(part)) - middle(card))).toBeLessThanOrEqual(3);
    const other = await box(landing.optionB);
    if (isMobile) {
      expect(other.y).toBeGreaterThan(card.y + card.height);
    } else {
      expect(card.height).toBeLessThanOrEqual(110);
      expect(Math.round(other.y)).toBe(Math.round(card.y));
    }
  });

  test("on the first day there is no yesterday: nothing holds a place for it after the choice", async ({
    page,
  }) => {
    // Every text the page shows in passing, however briefly.
    await page.addInitScript(() => {
      const seen: string[] = [];
      Object.assign(window, { __seen: seen });
      new MutationObserver(() => seen.push(document.body?.textContent ?? "")).observe(document, {
        childList: true,
        subtree: true,
        characterData: true,
      });
    });
    const landing = new LandingPage(page);
    await landing.openWithSession();
    await landing.optionA.click();
    await expect(page.getByTestId("streak")).toBeVisible();
    await expect(page.getByRole("region", { name: /^Yesterday/ })).toHaveCount(0);
    const seen = await page.evaluate(() => (window as unknown as { __seen: string[] }).__seen);
    expect(seen.filter((text) => text.includes("yesterday's result"))).toEqual([]);
    // The streak's place was held while its part loaded.
    expect(seen.some((text) => text.includes("Loading your streak"))).toBe(true);
  });

  test("a failed save says so in the helper's place, and Try again sends the same pick", async ({
    page,
    consoleErrors,
  }) => {
    const landing = new LandingPage(page);
    await landing.openReady();
    const helperTop = (await box(landing.helper)).y;
    let failures = 1;
    await page.route("**/api/dilemmas/global/*/selection", (route) => {
      if (route.request().method() !== "POST" || failures-- <= 0) return route.fallback();
      return route.fulfill({
        status: 503,
        contentType: "application/json",
        body: JSON.stringify({ error: { code: "unavailable", message: "Server busy." } }),
      });
    });

    await landing.optionB.click();
    const alert = page.getByRole("alert");
    await expect(alert).toContainText("Your choice was not saved. Server busy.");
    await expectRefusedRequest(consoleErrors, 503);
    // Where the helper line was (once it has faded in): no gap above it.
    await expect.poll(async () => Math.round((await box(alert)).y)).toBe(Math.round(helperTop));
    await expect(landing.optionB).toHaveAttribute("aria-pressed", "false");

    await alert.getByRole("button", { name: "Try again" }).click();
    await expect(landing.optionB).toHaveAttribute("aria-pressed", "true");
    await expect(alert).toBeHidden();
    await expect(landing.helper).toContainText("so far");
  });

  test("offline, a pick fails at once with a way to try again", async ({
    page,
    context,
    consoleErrors,
  }) => {
    const landing = new LandingPage(page);
    await landing.openWithSession();
    await expect(page.getByText("Pick one to see how everyone else chose.")).toBeVisible();

    await context.setOffline(true);
    await landing.optionA.click();
    const alert = page.getByRole("alert");
    await expect(alert).toContainText("Your choice was not saved. You are offline.");
    await expect(page.getByRole("status", { name: "Saving" })).toBeHidden();
    await expect(landing.optionA).toBeEnabled();
    await context.setOffline(false);
    await alert.getByRole("button", { name: "Try again" }).click();
    await expect(landing.optionA).toHaveAttribute("aria-pressed", "true");
    // The browser logs the request it could not send; nothing else may have gone wrong.
    forgetOffline(consoleErrors);
  });
});

test.describe("sign-in and its moments", () => {
  test("a garbled link in a fresh browser is called bad at once, with one way on", {
    tag: "@one-device",
  }, async ({ page }) => {
    let completions = 0;
    page.on("request", (request) => {
      if (request.url().includes("/api/sign-in/email-link/complete")) completions += 1;
    });
    await page.goto("/sign-in/link-router?token=not-a-real-token");
    await expect(page.getByRole("alert")).toHaveText(
      "Invalid sign in link. Please try signing in again",
    );
    await expect(page.getByRole("heading", { name: "Confirm your email" })).toBeHidden();
    const main = page.getByRole("main");
    await expect(main.getByRole("button")).toHaveCount(0);
    await expect(main.getByRole("link")).toHaveCount(1);
    await main.getByRole("link", { name: "Go to Sign In Page" }).click();
    await expect(page).toHaveURL("/sign-in");
    expect(completions).toBe(0);
  });

  test(
    "the sign-in page is ready to type into, and the sent state can send again",
    { tag: "@one-device" },
    async ({ page }, testInfo) => {
      const email = addressFor("rex", testInfo);
      const signIn = new SignInPage(page);
      await signIn.open();
      await expect(signIn.email).toBeFocused();
      await signIn.requestLink(email);
      const first = await waitForEmail(email);

      await page.getByRole("button", { name: "Resend link" }).click();
      await expect(
        page.getByRole("status").filter({ hasText: "A new link is on its way" }),
      ).toHaveText(`A new link is on its way to ${email}.`);
      const second = await waitForEmail(email, { after: first });
      expect(second.link).not.toBe(first.link);
    },
  );

  test(
    "a read still on its way at Log Out is answered before the session ends",
    { tag: "@one-device" },
    async ({ page }, testInfo) => {
      const nav = new NavBar(page);
      await signUpFresh(page, addressFor("vi", testInfo), "Vi");
      await new HomePage(page).open();
      // Home's list of groups is held in the browser until Log Out has been chosen,
      // then for 300 ms: well within the second the client waits for calls in flight.
      let logOutChosen = () => {};
      const loggingOut = new Promise<void>((resolve) => {
        logOutChosen = resolve;
      });
      await page.route("**/api/groups", async (route) => {
        await loggingOut;
        await page.waitForTimeout(300);
        await route.continue();
      });
      await page.reload();
      await expect(nav.menuButton).toBeVisible();
      // The browser's own order of events: the list's answer, the log-out's request.
      const order: string[] = [];
      page.on("response", (response) => {
        if (response.url().endsWith("/api/groups"))
          order.push(`list answered ${response.status()}`);
      });
      page.on("request", (request) => {
        if (request.url().endsWith("/api/auth/sign-out")) order.push("log-out sent");
      });
      await nav.menuButton.click();
      logOutChosen();
      await page.getByRole("menuitem", { name: "Log Out" }).click();
      await expect(
        page.getByRole("status").filter({ hasText: "You have logged out." }),
      ).toBeVisible();
      // Answered under its session before the log-out; sent after it, it would get a 401.
      expect(order).toEqual(["list answered 200", "log-out sent"]);
    },
  );

  test(
    "logging out says so on the landing page, once, from any page",
    { tag: "@one-device" },
    async ({ page }, testInfo) => {
      const nav = new NavBar(page);
      const email = addressFor("lou", testInfo);
      const notice = page.getByRole("status").filter({ hasText: "You have logged out." });
      await signUpFresh(page, email, "Lou");
      await new HomePage(page).open();
      await nav.choose("Log Out");
      await expect(page).toHaveURL("/");
      await expect(notice).toBeVisible();
      await expect(nav.signIn).toBeVisible();
      await notice.getByRole("button", { name: "Dismiss" }).click();
      await expect(notice).toBeHidden();
      await page.reload();
      await expect(new LandingPage(page).optionA).toBeEnabled();
      await expect(notice).toBeHidden();

      // Signed in again, logging out from the landing page itself.
      await signUpFresh(page, email, "Lou");
      await page.goto("/");
      await nav.choose("Log Out");
      await expect(notice).toBeVisible();
      await page.reload();
      await expect(new LandingPage(page).optionA).toBeEnabled();
      await expect(notice).toBeHidden();
    },
  );
});

test.describe("own profile", () => {
  test("'Profile Saved Successfully' goes when the form changes or is refused", async ({
    page,
  }, testInfo) => {
    const nav = new NavBar(page);
    const profile = new ProfilePage(page);
    const saved = page.getByText("Profile Saved Successfully");
    await signUpFresh(page, addressFor("ora", testInfo), "Ora");
    await new HomePage(page).open();
    await nav.choose("Profile");
    await expect(profile.heading("Ora")).toBeVisible();

    await profile.name.fill("Ora Lee");
    await profile.save.click();
    await expect(saved).toBeVisible();
    await profile.name.press("End");
    await profile.name.pressSequentially("n");
    await expect(saved).toBeHidden();

    await profile.save.click();
    await expect(saved).toBeVisible();
    await profile.name.fill("");
    await expect(saved).toBeHidden();
    await profile.save.click();
    await expect(page.getByRole("alert")).toHaveText("Name: This field is required.");
    await expect(saved).toBeHidden();

    await profile.name.fill("Ora");
    await profile.save.click();
    await expect(saved).toBeVisible();
    await profile.changePhoto.setInputFiles({
      name: "notes.txt",
      mimeType: "text/plain",
      buffer: Buffer.from("not a picture"),
    });
    await expect(page.getByRole("alert")).toHaveText("Photo: Only image files are allowed.");
    await expect(saved).toBeHidden();
  });
});
