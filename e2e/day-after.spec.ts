import { LandingPage } from "./pages/landing-page";
import { expect, test } from "./support/fixtures";
import { advanceClock } from "./support/rounds";
import { expectScreen, shoot } from "./support/screens";

const DAY_MS = 24 * 60 * 60 * 1000;

// On this device's own clock app: a day passes on the server between two visits.
test.describe("the day after a choice", () => {
  test("a visitor who comes back the next day sees yesterday's final split and a 2-day streak", async ({
    page,
  }) => {
    const landing = new LandingPage(page);
    const streak = page.getByTestId("streak");
    await landing.openWithSession();
    const yesterdaysQuestion = (await landing.question.textContent()) ?? "";
    await expect(streak).toBeHidden();
    await landing.optionA.click();
    await expect(landing.optionA).toHaveAttribute("aria-pressed", "true");
    await expect(streak).toHaveText("Day 1 of your streak. Come back tomorrow!");

    await advanceClock(page, DAY_MS);
    await landing.openWithSession();
    await expect(landing.question).not.toHaveText(yesterdaysQuestion);
    // Nothing of it before today's choice.
    await expect(streak).toBeHidden();
    await landing.optionB.click();
    await expect(landing.optionB).toHaveAttribute("aria-pressed", "true");
    await expect(streak).toHaveText("2-day streak. Keep it going!");
    const yesterday = page.getByRole("region", { name: /^Yesterday · / });
    await expect(yesterday.getByRole("heading", { level: 2 })).toHaveText(yesterdaysQuestion);
    await expect(yesterday.getByText(/^\d+%$/)).toHaveCount(2);
    await expect(yesterday.getByText(/answers? in the end$/)).toBeVisible();
    const shares = await yesterday.getByText(/^\d+%$/).allTextContents();
    expect(shares.reduce((sum, share) => sum + Number(share.replace("%", "")), 0)).toBe(100);
    await expectScreen(page, "Today's Dilemma");
    await shoot(page, "day after a choice");

    // Still there after a reload, at once where the page keeps its place.
    await page.reload();
    await expect(streak).toHaveText("2-day streak. Keep it going!");
    await expect(yesterday).toBeVisible();

    // Yesterday's own page, which a shared result links to: the same final split.
    const today = await (await page.request.get("/api/dilemmas/global")).json();
    const day: string = today.data.yesterdayData.day;
    await page.goto(`/daily/${day}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(yesterdaysQuestion);
    await expect(page.getByRole("listitem")).toHaveCount(2);
    await expect(page.getByRole("listitem").getByText(/^\d+%$/)).toHaveText(shares);
    const label = new Intl.DateTimeFormat("en-US", {
      weekday: "long",
      month: "long",
      day: "numeric",
      timeZone: "UTC",
    }).format(new Date(`${day}T12:00:00Z`));
    await expectScreen(page, `Daily Dilemma of ${label}`);
    await shoot(page, "a past day's page");
    await page.getByRole("link", { name: "Answer today's dilemma" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(landing.optionB).toHaveAttribute("aria-pressed", "true");
  });
});
