import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { expectAccessible } from "./fixtures";

export const SCHEMES = ["light", "dark"] as const;
export type Scheme = (typeof SCHEMES)[number];

/** The page in a colour scheme the system asks for; the app follows it at once. */
export async function useScheme(page: Page, scheme: Scheme) {
  await page.emulateMedia({ colorScheme: scheme });
  const html = page.locator("html");
  if (scheme === "dark") await expect(html).toHaveClass(/\bdark\b/);
  else await expect(html).not.toHaveClass(/\bdark\b/);
}

/**
 * The widths a screen must fit without scrolling sideways: a phone's smallest
 * (320 px), a common one (390 px) and the project's own device; a desktop's.
 */
function widthsToCheck(page: Page): number[] {
  const own = page.viewportSize()?.width ?? 1280;
  return test.info().project.name === "phone" ? [...new Set([320, 390, own])] : [own];
}

/**
 * Nothing on the page (a long name, an alert) widens it past the window, at
 * each width of `widthsToCheck`; the window is given back its own size after.
 */
export async function expectFits(page: Page) {
  const viewport = page.viewportSize();
  for (const width of widthsToCheck(page)) {
    await page.setViewportSize({ width, height: viewport?.height ?? 800 });
    const { scrollWidth, innerWidth, tooWide } = await page.evaluate(widthOfPage, width);
    const what = `at ${width} px (sticking out: ${tooWide.join("; ") || "?"})`;
    expect(scrollWidth, `the page's width ${what}`).toBeLessThanOrEqual(innerWidth);
    // A phone zooms a page too wide for it out until it fits: its innerWidth is then
    // the page's (a 390 px phone said 498), and the check above would hold.
    expect(innerWidth, `the window, not zoomed out, ${what}`).toBe(width);
  }
  if (viewport) await page.setViewportSize(viewport);
}

/**
 * In the page: its width, the window's, and what sticks out past `width` (the
 * innermost boxes, outside any box that scrolls or clips them, as far as their
 * ancestors tell: an absolutely placed box escapes a scroller that is not its
 * containing block) to name in a failure.
 */
function widthOfPage(width: number) {
  const clipped = (element: Element) => {
    for (let up = element.parentElement; up && up !== document.body; up = up.parentElement) {
      if (getComputedStyle(up).overflowX !== "visible") return true;
    }
    return false;
  };
  const sticksOut = (element: Element) =>
    element.getBoundingClientRect().right > width + 0.5 && !clipped(element);
  const tooWide = Array.from(document.querySelectorAll("body *"))
    .filter((element) => sticksOut(element) && !Array.from(element.children).some(sticksOut))
    .slice(0, 5)
    .map((element) => `<${element.tagName.toLowerCase()}> ${element.textContent?.slice(0, 40)}`);
  return {
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
    tooWide,
  };
}

/** A state of a screen that `expectScreen` checks elsewhere: it fits, and its picture is kept. */
export async function expectFitsAndShoot(page: Page, name: string) {
  await expectFits(page);
  await shoot(page, name);
}

/**
 * What every screen owes a visitor: its own title in the tab, exactly one h1,
 * no serious accessibility problem (every rule in light, contrast in dark), and
 * nothing wider than the window (expectFits).
 */
export async function expectScreen(page: Page, screen: string) {
  await expect(page).toHaveTitle(`${screen} · eitheror`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
  await expectFits(page);
  for (const scheme of SCHEMES) {
    await useScheme(page, scheme);
    // The first scheme gets every rule; the other changes colours only.
    await expectAccessible(page, { contrastOnly: scheme !== SCHEMES[0] });
  }
  await page.emulateMedia({ colorScheme: null });
  await shoot(page, screen);
}

const shotsTaken = new Map<string, number>();

/**
 * With SHOTS_DIR set, keeps a full-page picture of the screen in both schemes to
 * look at: a phone at 320×720 and 390×844, a desktop at 1280×800. Every screen
 * `expectScreen` checks is kept this way; a journey shoots the states in between by name.
 */
export async function shoot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  const project = test.info().project.name;
  const file = `${name
    .replace(/[^\w]+/g, "-")
    .replace(/^-|-$/g, "")
    .toLowerCase()}-${project}`;
  const taken = (shotsTaken.get(file) ?? 0) + 1;
  shotsTaken.set(file, taken);
  const viewport = page.viewportSize();
  const sizes =
    project === "phone"
      ? [
          { width: 320, height: 720 },
          { width: 390, height: 844 },
        ]
      : [viewport ?? { width: 1280, height: 800 }];
  for (const size of sizes) {
    await page.setViewportSize(size);
    // From the top: a sticky header scrolled along would stand in the middle of a full-page picture.
    await page.evaluate(() => window.scrollTo(0, 0));
    for (const scheme of SCHEMES) {
      await useScheme(page, scheme);
      // Inputs ease into the new scheme's colours: let them arrive.
      await page.waitForTimeout(400);
      const width = project === "phone" ? `-${size.width}` : "";
      const path = join(dir, `${file}${taken > 1 ? `-${taken}` : ""}${width}-${scheme}.png`);
      await page.screenshot({ path, fullPage: true });
    }
  }
  await page.emulateMedia({ colorScheme: null });
  if (viewport) await page.setViewportSize(viewport);
}
