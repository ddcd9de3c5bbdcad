import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Page } from "@playwright/test";
import { LandingPage } from "./pages/landing-page";
import { NavBar } from "./pages/nav-bar";
import { expect, test } from "./support/fixtures";
import { addressFor, createGroup } from "./support/groups";
import { signUpFresh } from "./support/people";
import { expectScreen, shoot } from "./support/screens";

// The other journeys run without the worker (playwright.config.ts): this one is about it.
test.use({ serviceWorkers: "allow" });

/** The worker's script as the app serves it, from the build. */
const WORKER_FILE = fileURLToPath(new URL("../apps/web/dist/sw.js", import.meta.url));

const WORKER_INSTALL_MS = 60_000;

/**
 * The page's worker once it has installed and controls the page (clientsClaim on a first
 * visit). Installing fetches the whole precache (about 800 kB, 70 files): beside three
 * other journeys on two cores that has taken over 20 s, so this wait is a minute.
 */
async function controlledByWorker(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL), {
      timeout: WORKER_INSTALL_MS,
    })
    .toBe(new URL("/sw.js", page.url()).toString());
}

/**
 * Until the page's offline copy holds `text`: it is written a second after the page's
 * answers settle (as a person who stays on a page a moment has it), not at once.
 */
async function copyHolds(page: Page, text: string) {
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem("eitheror.offline-copy") ?? ""))
    .toContain(text);
}

/** Every URL the page's origin keeps in Cache Storage, in any cache. */
const cachedUrls = (page: Page) =>
  page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
    }
    return urls;
  });

/** How many picks the worker keeps to send (Workbox's Background Sync queue, in IndexedDB). */
const keptPicks = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open("workbox-background-sync");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const count = open.result
            .transaction("requests")
            .objectStore("requests")
            .index("queueName")
            .count("picks");
          count.onsuccess = () => resolve(count.result);
          count.onerror = () => reject(count.error);
        };
      }),
  );

/** What the browser logs for requests that found no network: expected offline. */
function forgetOfflineFailures(consoleErrors: string[]) {
  const expected = /ERR_INTERNET_DISCONNECTED|Failed to fetch|Failed to load resource/;
  const kept = consoleErrors.filter((error) => !expected.test(error));
  consoleErrors.splice(0, consoleErrors.length, ...kept);
}

const OFFLINE_COPY = "You are offline. This is what was loaded last; it updates when you are back.";

test.describe("the installable app", () => {
  // The second journey changes the worker's script the first one installs.
  test.describe.configure({ mode: "serial" });

  test("the worker installs and controls the page; offline, a reload of / and /home starts the app from it, and the API is never answered from it", async ({
    page,
    context,
    request,
    consoleErrors,
  }, testInfo) => {
    // The worker's script is asked for again at every check.
    const script = await request.get("/sw.js");
    expect(script.ok()).toBe(true);
    expect(script.headers()["cache-control"]).toBe("no-cache");

    await signUpFresh(page, addressFor("wanda", testInfo), "Wanda");
    const landing = new LandingPage(page);
    await landing.openWithSession();
    await controlledByWorker(page);
    // What Chromium asks of an app before it offers to install it: the manifest's name,
    // icons (192 and 512 px), start URL and display, and a worker that controls the page.
    const devtools = await context.newCDPSession(page);
    const { installabilityErrors } = await devtools.send("Page.getInstallabilityErrors");
    // A test's browser context is off the record, where the full Chromium never offers to
    // install: that is the one reason it may give (the headless shell gives none).
    const reasons = installabilityErrors.map((error) => error.errorId);
    expect(reasons.filter((reason) => reason !== "in-incognito")).toEqual([]);
    const { errors: manifestErrors } = await devtools.send("Page.getAppManifest");
    expect(manifestErrors).toEqual([]);
    await devtools.detach();

    // Controlled: the build's files come from the worker, the API's answers from the server.
    const [asset, api] = await Promise.all([
      page.waitForResponse((response) => /\/assets\/.+\.js$/.test(response.url())),
      page.waitForResponse((response) => new URL(response.url()).pathname.startsWith("/api/")),
      page.reload(),
    ]);
    expect(asset.fromServiceWorker()).toBe(true);
    expect(api.fromServiceWorker()).toBe(false);
    await expect(landing.optionA).toBeEnabled();
    const kept = await cachedUrls(page);
    expect(kept.some((url) => new URL(url).pathname === "/index.html")).toBe(true);
    expect(kept.filter((url) => new URL(url).pathname.startsWith("/api/"))).toEqual([]);
    await copyHolds(page, '"/dilemmas/global/:id/selection"');

    await context.setOffline(true);
    // `/`: the kept shell, no dilemma the server wrote in: today's as this browser kept it, and the banner.
    await page.reload();
    await expect(landing.optionA).toBeEnabled();
    await expect(page.getByRole("status").filter({ hasText: OFFLINE_COPY })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Footer" })).toBeVisible();
    expect(await page.locator("#initial-data").count()).toBe(0);
    // An API call is not answered from any cache: it fails as the network does.
    const offlineCall = await page.evaluate(() =>
      fetch("/api/dilemmas/global").then(
        (response) => `answered ${response.status}`,
        () => "failed",
      ),
    );
    expect(offlineCall).toBe("failed");

    // `/home`: the same shell, with what the member's pages showed last (the next journey).
    await page.goto("/home");
    await expect(page.getByRole("status").filter({ hasText: OFFLINE_COPY })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();

    // Back online, the page is the server's again.
    await context.setOffline(false);
    await page.goto("/");
    await expect(landing.optionA).toBeEnabled();
    expect(await page.locator("#initial-data").count()).toBe(1);
    forgetOfflineFailures(consoleErrors);
  });

  test("offline, a member's last loaded screens come back with a banner; back online they are the server's again", async ({
    page,
    context,
    consoleErrors,
  }, testInfo) => {
    await signUpFresh(page, addressFor("olive", testInfo), "Olive");
    const groupName = "Offline Picnic 🧺";
    const groupId = await createGroup(page, groupName);
    await page.goto("/home");
    await expect(page.getByRole("link", { name: groupName })).toBeVisible();
    await controlledByWorker(page);
    // With a worker, the profile offers notifications on this device, a switch per kind.
    await new NavBar(page).choose("Profile");
    await expect(page.getByRole("heading", { name: "Notifications on this device" })).toBeVisible();
    await expect(page.getByRole("switch", { name: "Reminders to vote" }).nth(1)).toBeChecked();
    await shoot(page, "push-opt-in");
    await page.goto("/home");
    await expect(page.getByRole("link", { name: groupName })).toBeVisible();
    const banner = page.getByRole("status").filter({ hasText: OFFLINE_COPY });
    await expect(banner).toHaveCount(0);
    await copyHolds(page, groupName);
    // The group's page, read as it was created, is kept too.
    await copyHolds(page, `"/groups/:id",{"id":"${groupId}"}`);

    await context.setOffline(true);
    // Going offline on an open page: what it shows stays, and the banner says why nothing moves.
    await expect(banner).toBeVisible();
    // A reload without a network: the worker starts the app, the kept answers fill it.
    await page.reload();
    await expect(page.getByRole("link", { name: groupName })).toBeVisible();
    await expect(banner).toBeVisible();
    await expectScreen(page, "Home");
    await page.goto(`/group/${groupId}`);
    await expect(page.getByRole("heading", { level: 1, name: groupName })).toBeVisible();
    await expect(banner).toBeVisible();

    // Back online: the banner goes, and the page reads from the server again.
    const reread = page.waitForResponse((response) =>
      new URL(response.url()).pathname.startsWith(`/api/groups/${groupId}`),
    );
    await context.setOffline(false);
    await expect(banner).toHaveCount(0);
    expect((await reread).ok()).toBe(true);

    // A log-out forgets the member's part: the next person on this computer finds nobody's groups.
    await page.goto("/home");
    await new NavBar(page).choose("Log Out");
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem("eitheror.offline-copy") ?? ""))
      .not.toContain(groupName);
    forgetOfflineFailures(consoleErrors);
  });

  test("offline, today's pick is kept by the worker and sent once when the connection is back", async ({
    page,
    context,
    consoleErrors,
  }, testInfo) => {
    await signUpFresh(page, addressFor("piper", testInfo), "Piper");
    const landing = new LandingPage(page);
    await landing.openWithSession();
    await controlledByWorker(page);
    // The copy this page keeps (today's dilemma, the session) is what the offline start shows.
    await copyHolds(page, '"/dilemmas/global/:id/selection"');
    await context.setOffline(true);
    await page.reload();
    // The kept dilemma, with nothing picked yet, and the banner.
    await expect(landing.optionA).toBeEnabled();
    await expect(page.getByRole("status").filter({ hasText: OFFLINE_COPY })).toBeVisible();
    await landing.optionA.click();
    const queued = page.getByRole("alert").filter({
      hasText: "You are offline: your pick will be sent when you are back.",
    });
    await expect(queued).toBeVisible();
    expect(await keptPicks(page)).toBe(1);
    await shoot(page, "offline-pick-kept");

    // Back online, the browser fires the worker's sync (here at once, through DevTools:
    // Chromium's own timing follows the machine's network, which never went away).
    await context.setOffline(false);
    const devtools = await context.newCDPSession(page);
    const registrationId = await new Promise<string>((resolve) => {
      devtools.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
        const found = registrations.find((registration) => !registration.isDeleted);
        if (found) resolve(found.registrationId);
      });
      void devtools.send("ServiceWorker.enable");
    });
    await devtools.send("ServiceWorker.dispatchSyncEvent", {
      origin: new URL(page.url()).origin,
      registrationId,
      tag: "workbox-background-sync:picks",
      lastChance: false,
    });
    // Sent, and no longer kept; the page hears of it, reads today again, and shows the pick and the split.
    await expect(landing.pick("A")).toBeVisible();
    await expect(queued).toHaveCount(0);
    await expect(landing.percentLabel("A")).toBeVisible();
    expect(await keptPicks(page)).toBe(0);
    await devtools.detach();
    forgetOfflineFailures(consoleErrors);
  });

  test("a new build waits until the person says Reload, then takes over once", async ({ page }) => {
    const landing = new LandingPage(page);
    await landing.openReady();
    await controlledByWorker(page);

    // The next release: the worker's script changes on the server, as a new build's does
    // (a browser's route cannot stand in: the browser fetches a worker's script itself).
    const built = readFileSync(WORKER_FILE, "utf8");
    const prompt = page.getByRole("status").filter({ hasText: "A new version is ready" });
    let loads = 0;
    page.on("framenavigated", (frame) => {
      if (frame === page.mainFrame()) loads += 1;
    });
    try {
      writeFileSync(WORKER_FILE, `${built}\n// the next build\n`);
      // What the page does every hour, and the browser at a navigation.
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
      await expect(prompt).toBeVisible();
    } finally {
      writeFileSync(WORKER_FILE, built);
    }

    // Nothing changed under the page meanwhile: the old worker still serves it, the new one waits.
    expect(
      await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        return {
          waiting: Boolean(registration?.waiting),
          controlledBy: navigator.serviceWorker.controller === registration?.active,
        };
      }),
    ).toEqual({ waiting: true, controlledBy: true });
    expect(loads).toBe(0);

    await prompt.getByRole("button", { name: "Reload" }).click();
    await expect.poll(() => loads).toBe(1);
    await expect(landing.optionA).toBeEnabled();
    expect(
      await page.evaluate(async () =>
        Boolean((await navigator.serviceWorker.getRegistration())?.waiting),
      ),
    ).toBe(false);
    await expect(prompt).toHaveCount(0);
  });
});
