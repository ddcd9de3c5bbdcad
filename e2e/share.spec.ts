import { LandingPage } from "./pages/landing-page";
import { ArchivedRoundPage, RoundTabs } from "./pages/round-pages";
import { expect, expectRefusedRequest, test } from "./support/fixtures";
import { createGroupByApi, joinByApi, thirdBrowser } from "./support/groups";
import { voteAndSubmit } from "./support/round-api";
import { sequentialApiTrips } from "./support/round-trips";
import { expectScreen, shoot } from "./support/screens";
import { copiedTexts, expectRichPreview, withoutShareSheet } from "./support/share";

const GROUP = "Share Club";
const ANN = "Ann Sharer";
const BEN = "Ben Member";

// The longest journey of the file first: fullyParallel starts tests in file order, and this file
// comes late in a run, where a long test left for last would end the run alone.
test.describe("round share cards", () => {
  test.describe.configure({ timeout: 480_000 });

  test("a member shares a closed round; others see a teaser, members the round", async ({
    page,
    otherBrowserPage: benPage,
    browser,
    request,
    people,
  }) => {
    await Promise.all([people.signIn(page, ANN), people.signIn(benPage, BEN)]);
    // Making the group and joining it are groups.spec.ts's screens: here, their API calls.
    const { groupId, link: invitation } = await createGroupByApi(page, GROUP, 5, 1);
    await joinByApi(benPage, invitation);
    const [ann, ben] = [new RoundTabs(page), new RoundTabs(benPage)];
    await ann.open(groupId);
    await ann.startFirstRound.click();
    await expect(ann.votesDue).toBeVisible();
    // The ballot's screen is rounds.spec.ts's: here, its API calls.
    await voteAndSubmit(
      page,
      groupId,
      { [ANN]: "A", [BEN]: "B" },
      { [ANN]: "PLANTED secret comment of Ann" },
    );
    // Opened directly, the page asks for the group and its round side by side once the
    // session has answered: two trips one after the other before the ballot, not a chain.
    const ballot = new RegExp(`/api/groups/${groupId}(/rounds/current)?$`);
    const trips = await sequentialApiTrips(benPage, ballot, async () => {
      await ben.open(groupId);
      await expect(ben.submitVotes).toBeVisible();
    });
    expect(trips).toBeLessThanOrEqual(2);
    await voteAndSubmit(
      benPage,
      groupId,
      { [BEN]: "B", [ANN]: "A" },
      { [ANN]: "PLANTED secret comment of Ben" },
    );

    // Ann opens the closed round and shares it: the text and the signed link are copied.
    await withoutShareSheet(page);
    await ann.open(groupId, "past-rounds");
    await ann.pastRounds.getByRole("link").first().click();
    const archived = new ArchivedRoundPage(page);
    await expect(archived.results).toBeVisible();
    const question = (await page.getByRole("heading", { level: 1 }).textContent()) ?? "";
    const annVoted =
      (await archived
        .member(ANN)
        .getByText(/^voted /)
        .textContent()) ?? "";
    await page.getByRole("button", { name: "Share results" }).click();
    await expect(page.getByRole("button", { name: "Copied" })).toBeVisible();
    const [copied = ""] = await copiedTexts(page);
    const [text = "", link = ""] = copied.split("\n");
    // The day it closed in words ("27 November 2026"), and what Ann picked for herself.
    const today = new Date().toLocaleDateString("en-GB", {
      day: "numeric",
      month: "long",
      year: "numeric",
    });
    expect(text).toContain(`eitheror — round 1 of ${GROUP}, ${today}: "${question}"`);
    expect(text).toContain(`I picked "${annVoted.replace(/^voted /, "")}".`);
    expect(text).toMatch(/1st (Ann Sharer|Ben Member) \(\d+ pts?\)/);
    expect(link).toMatch(/\/shared\/round\/[\w-]+\.[\w-]{22}$/);
    await shoot(page, "archived-round-share");

    // Someone outside the group, signed out: the question and the podium, no vote, no comment.
    const stranger = await thirdBrowser(browser, page);
    await stranger.page.goto(link);
    await expect(stranger.page.getByRole("heading", { level: 1 })).toHaveText(question);
    const podium = stranger.page.getByRole("region", { name: "Podium" });
    await expect(podium.getByRole("listitem")).toHaveCount(2);
    await expect(podium).toContainText(ANN);
    await expect(podium).toContainText(BEN);
    await expect(stranger.page.getByText("PLANTED")).toHaveCount(0);
    await expect(stranger.page.locator("body")).not.toContainText("voted");
    await expectScreen(stranger.page, "Round Results");
    // A link whose signature was tampered with does not work.
    await stranger.page.goto(`${link.slice(0, -3)}abc`);
    await expect(
      stranger.page.getByRole("heading", { name: "This share link does not work." }),
    ).toBeVisible();
    await expectScreen(stranger.page, "Link Not Found");
    await stranger.close();
    expect(stranger.errors).toEqual([
      expect.stringContaining("the server responded with a status of 404"),
    ]);

    // Its page previews the round's card, which decodes; a member is taken to the round.
    const path = new URL(link).pathname;
    await expectRichPreview(request, path, /\/api\/share\/rounds\/[^/]+\/image\.png$/);
    const html = await (await request.get(path)).text();
    expect(html).not.toContain("PLANTED");
    await benPage.goto(link);
    await expect(benPage).toHaveURL(/\/group\/[^/]+\/archived-round\/[^/]+$/);
    await expect(new ArchivedRoundPage(benPage).results).toBeVisible();
  });
});

test.describe("share cards", () => {
  test("a visitor without a share sheet copies their result; its link previews the day's card", async ({
    page,
    request,
  }) => {
    await withoutShareSheet(page);
    const landing = new LandingPage(page);
    await landing.openWithSession();
    await landing.optionB.click();
    await expect(landing.optionB).toHaveAttribute("aria-pressed", "true");
    const share = page.getByRole("button", { name: "Share" });
    await expect(share).toBeVisible();
    const percent = await landing.percent("B");
    await share.click();
    await expect(
      page.getByRole("status").filter({ hasText: "Copied to the clipboard" }),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: "Copied" })).toBeVisible();
    const [copied = ""] = await copiedTexts(page);
    const [text, link = ""] = copied.split("\n");
    // Parallel journeys choose the same dilemma: the percentage is what the page showed.
    // The option's own text and the day in words: "26 November 2026".
    const today = (await (await page.request.get("/api/dilemmas/global")).json()) as {
      data: { globalDilemmaData: { day: string; optionB: string } };
    };
    const { day, optionB } = today.data.globalDilemmaData;
    const inWords = new Date(`${day}T12:00:00Z`).toLocaleDateString("en-GB", {
      day: "numeric",
      month: "long",
      year: "numeric",
      timeZone: "UTC",
    });
    expect(text).toBe(`eitheror, ${inWords}: I picked “${optionB.trim()}” — ${percent}% agreed`);
    expect(link).toBe(new URL(`/daily/${day}`, page.url()).toString());
    await expectScreen(page, "Today's Dilemma");
    await shoot(page, "daily-share-copied");

    // The shared link: its page previews the day's card, and today's opens the landing page.
    const title = await expectRichPreview(
      request,
      `/daily/${day}`,
      new RegExp(`/api/share/daily/${day}/image\\.png$`),
    );
    expect(title.length).toBeGreaterThan(3);
    await page.goto(`/daily/${day}`);
    await expect(page).toHaveURL(/\/$/);
    await expect(landing.optionB).toHaveAttribute("aria-pressed", "true");
  });

  test("a day without a dilemma, or no day at all, says so", { tag: "@one-device" }, async ({
    page,
    consoleErrors,
  }) => {
    // A past day's page with its final split: day-after.spec.ts, where the server's day passes.
    await page.goto("/daily/2001-01-01");
    await expect(
      page.getByRole("heading", { name: "There is no dilemma for that day." }),
    ).toBeVisible();
    await expectRefusedRequest(consoleErrors, 404);
    await expectScreen(page, "Dilemma Not Found");
    await page.goto("/daily/not-a-day");
    await expect(
      page.getByRole("heading", { name: "There is no dilemma for that day." }),
    ).toBeVisible();
  });
});
