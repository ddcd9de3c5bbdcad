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
 * What every screen owes a visitor: its own title in the tab, exactly one h1,
 * and no serious accessibility problem: every rule in light, contrast in dark.
 */
export async function expectScreen(page: Page, screen: string) {
  await expect(page).toHaveTitle(`${screen} · eitheror`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
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
 * look at: a phone at 390×844, a desktop at 1280×800. Every screen `expectScreen`
 * checks is kept this way; a journey shoots the states in between by name.
 */
export async function shoot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  const project = test.info().project.name;
  const file = `${name.replace(/[^\w]+/g, "-").toLowerCase()}-${project}`;
  const taken = (shotsTaken.get(file) ?? 0) + 1;
  shotsTaken.set(file, taken);
  const viewport = page.viewportSize();
  if (project === "phone") await page.setViewportSize({ width: 390, height: 844 });
  // From the top: a sticky header scrolled along would stand in the middle of a full-page picture.
  await page.evaluate(() => window.scrollTo(0, 0));
  for (const scheme of SCHEMES) {
    await useScheme(page, scheme);
    // Inputs ease into the new scheme's colours: let them arrive.
    await page.waitForTimeout(400);
    const path = join(dir, `${file}${taken > 1 ? `-${taken}` : ""}-${scheme}.png`);
    await page.screenshot({ path, fullPage: true });
  }
  await page.emulateMedia({ colorScheme: null });
  if (viewport) await page.setViewportSize(viewport);
}
