import { join } from "node:path";
import { expect, type Page, type TestInfo } from "@playwright/test";

/** Moves the server's clock on (APP_ENV=test), which runs every job then due before answering. */
export async function advanceClock(page: Page, advanceMs: number) {
  const status = await page.evaluate(async (ms) => {
    const token = document.cookie
      .split("; ")
      .find((part) => part.startsWith("XSRF-TOKEN="))
      ?.slice("XSRF-TOKEN=".length);
    const response = await fetch("/api/test/clock", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-xsrf-token": decodeURIComponent(token ?? ""),
      },
      body: JSON.stringify({ advanceMs: ms }),
    });
    return response.status;
  }, advanceMs);
  expect(status).toBe(200);
}

/**
 * With SHOTS_DIR set, a full-page picture of the screen at the project's size
 * (390×844 on the phone), light and dark.
 */
export async function shoot(page: Page, name: string, testInfo: TestInfo) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  const phone = testInfo.project.name === "phone";
  const size = page.viewportSize();
  if (phone) await page.setViewportSize({ width: 390, height: 844 });
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.waitForTimeout(150);
    await page.screenshot({
      path: join(dir, `${name}-${phone ? "390" : "1280"}-${scheme}.png`),
      fullPage: true,
    });
  }
  await page.emulateMedia({ colorScheme: null });
  if (phone && size) await page.setViewportSize(size);
}
