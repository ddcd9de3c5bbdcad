import { expect, type Page } from "@playwright/test";
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
}
