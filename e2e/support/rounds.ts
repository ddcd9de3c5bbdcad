import { expect, type Page } from "@playwright/test";

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
