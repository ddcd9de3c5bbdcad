import AxeBuilder from "@axe-core/playwright";
import {
  type Browser,
  type BrowserContextOptions,
  test as base,
  type ConsoleMessage,
  type Cookie,
  expect,
  type Page,
} from "@playwright/test";
import { signInByLink } from "./people";

type DeviceOptions = Pick<
  BrowserContextOptions,
  "baseURL" | "viewport" | "userAgent" | "deviceScaleFactor" | "isMobile" | "hasTouch"
>;

/** A page in a browser of its own on the same kind of device, checked for console errors at the end. */
function browserOfItsOwn(who: string) {
  return async (
    { browser, device }: { browser: Browser; device: DeviceOptions },
    use: (page: Page) => Promise<void>,
  ) => {
    const context = await deviceContext(browser, device);
    const page = await context.newPage();
    const errors = watchConsole(page);
    await use(page);
    await context.close();
    expect(errors, `console errors in ${who}`).toEqual([]);
  };
}

/** Someone the worker signed up (see `people`). */
export interface Person {
  email: string;
  name: string;
}

/**
 * The people of one worker's journeys, each signed up once, through the real
 * e-mailed link (signInByLink), on the first journey that asks for them.
 */
export interface People {
  /**
   * Signs `page`'s browser in as the worker's person called `name` (their
   * session's cookies); the page stays where it was. For journeys whose subject
   * is not signing in and that look only at what they make themselves (their own
   * group): the person may already belong to other journeys' groups.
   */
  signIn(page: Page, name: string): Promise<Person>;
}

export const test = base.extend<
  {
    /** The project's device options, for a browser of one's own like it. */
    device: DeviceOptions;
    consoleErrors: string[];
    /** A page in a second browser on the same kind of device: another person, or another phone. */
    otherBrowserPage: Page;
    /** A page in a third browser on the same kind of device: a third person. */
    thirdBrowserPage: Page;
  },
  { people: People }
>({
  people: [
    async ({ playwright }, use, workerInfo) => {
      const { baseURL } = workerInfo.project.use;
      const project = workerInfo.project.name;
      const signedUp = new Map<string, Promise<{ person: Person; cookies: Cookie[] }>>();
      const signUp = async (name: string) => {
        const slug = name.toLowerCase().replace(/[^a-z]+/g, "-");
        const email = `${slug}-w${workerInfo.workerIndex}-${project}-${Date.now()}@example.test`;
        const jar = await playwright.request.newContext({ baseURL });
        await signInByLink(jar, email, name);
        const { cookies } = await jar.storageState();
        await jar.dispose();
        return { person: { email, name }, cookies };
      };
      await use({
        async signIn(page, name) {
          if (!signedUp.has(name)) signedUp.set(name, signUp(name));
          const { person, cookies } = await (signedUp.get(name) as ReturnType<typeof signUp>);
          await page.context().addCookies(cookies);
          return person;
        },
      });
    },
    { scope: "worker" },
  ],
  // Playwright reads a fixture's dependencies from its named parameters: each device option is named.
  device: async ({ baseURL, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch }, use) =>
    use({ baseURL, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch }),
  otherBrowserPage: browserOfItsOwn("the other browser"),
  thirdBrowserPage: browserOfItsOwn("the third browser"),
  // Every journey fails on a console error or an uncaught page error (a CSP
  // violation, a failed request, a React warning): the page must be clean.
  consoleErrors: [
    async ({ page }, use) => {
      const errors = watchConsole(page);
      await use(errors);
      expect(errors, "console errors on the page").toEqual([]);
    },
    { auto: true },
  ],
});

/**
 * A group's open round (or its reveal, asked for beside it) answered "none": the
 * spec's 404 for a group without one (round_not_started, waiting_for_members;
 * not_found to a non-member, whose page says so from the group's own 404), which
 * the page asks for as it opens, beside the group.
 * The browser logs it as a refused request; it is a normal answer, said on screen.
 */
function isNoRoundYet(message: ConsoleMessage) {
  return (
    message.text().includes("the server responded with a status of 404") &&
    /\/api\/groups\/[^/]+\/rounds\/(current|reveal)$/.test(message.location().url)
  );
}

/** Console errors and uncaught errors of `page`, as they come. */
export function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && !isNoRoundYet(message)) errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

/**
 * The browser logs every refused request as a console error. A journey that
 * expects one refusal takes exactly that entry off the list; anything else
 * still fails the test.
 */
export async function expectRefusedRequest(consoleErrors: string[], status: number) {
  const refused = `the server responded with a status of ${status}`;
  await expect.poll(() => consoleErrors.some((error) => error.includes(refused))).toBe(true);
  consoleErrors.splice(
    consoleErrors.findIndex((error) => error.includes(refused)),
    1,
  );
}

/**
 * axe finds no serious or critical violation on the page once it has settled: an
 * alert fading in is, for a moment, paler than any reader ever sees it.
 * `contrastOnly`: the page was checked whole in another scheme, and a scheme
 * changes colours only, so contrast is all that is left to check.
 */
export async function expectAccessible(page: Page, { contrastOnly = false } = {}) {
  // A skeleton still loading gives way to content that fades in; axe must see the
  // settled screen, not a half-faded one (its contrast is the fade's, not the design's).
  // (Visible ones only: a screen may keep a busy part it does not show.)
  await expect(page.locator('[aria-busy="true"]:visible')).toHaveCount(0, { timeout: 15_000 });
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  // Legacy mode runs axe in the page itself; the default opens a blank page per run to
  // merge frames' results, a second a check on a busy machine, and there are no frames here.
  const axe = new AxeBuilder({ page }).setLegacyMode(true);
  const results = await (contrastOnly ? axe.withRules(["color-contrast"]) : axe).analyze();
  const severe = results.violations.filter(
    (violation) => violation.impact === "serious" || violation.impact === "critical",
  );
  expect(
    severe.map(
      (violation) =>
        `${violation.id}: ${violation.help} at ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
    ),
  ).toEqual([]);
}

export { expect };

/** A browser like the project's device, with `options` on top (say, no JavaScript). */
export function deviceContext(
  browser: Browser,
  device: DeviceOptions,
  options: BrowserContextOptions = {},
) {
  return browser.newContext({ ...device, ...options });
}
