import { HomePage } from "./pages/group-pages";
import { ArchivedRoundPage, RoundTabs } from "./pages/round-pages";
import { expect, test } from "./support/fixtures";
import { createGroup, inviteLinkOf, joinByApi } from "./support/groups";
import { advanceClock } from "./support/rounds";
import { expectScreen, shoot } from "./support/screens";

const HOUR_MS = 60 * 60 * 1000;
const GROUP = "Round Table";
const ANN = "Ann Admin";
const BEN = "Ben Second";
const CY = "Cy Third";

test.describe("rounds", () => {
  // Three people sign in by e-mail and play two rounds on this device's own clock app.
  test.describe.configure({ timeout: 900_000 });

  test("three people play a round to its due date and another to the last submit", async ({
    page,
    otherBrowserPage: benPage,
    // Cy: a third person on the same kind of device.
    thirdBrowserPage: cyPage,
    people,
  }) => {
    await Promise.all([
      people.signIn(page, ANN),
      people.signIn(benPage, BEN),
      people.signIn(cyPage, CY),
    ]);
    const groupId = await createGroup(page, GROUP, "5", "1");
    // Alone, Ann cannot start: the button is disabled and says why.
    const start = new RoundTabs(page).startFirstRound;
    await expect(start).toBeDisabled();
    await expect(start).toHaveAccessibleDescription(
      "Invite at least one friend before starting the first round.",
    );
    await shoot(page, "start-refused");
    // Joining is groups.spec.ts's screen: here, its API call.
    const link = await inviteLinkOf(page, groupId);
    await Promise.all([joinByApi(benPage, link), joinByApi(cyPage, link)]);
    const [ann, ben, cy] = [page, benPage, cyPage].map((p) => new RoundTabs(p)) as [
      RoundTabs,
      RoundTabs,
      RoundTabs,
    ];

    // Round 1: Ann starts it; everyone sees the dilemma and votes for everyone.
    await ann.open(groupId);
    await ann.startFirstRound.click();
    await expect(ann.votesDue).toBeVisible();
    await expect(ann.card(ANN)).toContainText("(You)");
    await expect(page.getByText("Waiting for (3)")).toBeVisible();
    await expect(page.getByText("Done (0)")).toBeVisible();
    const optionA =
      (await ann
        .card(ANN)
        .getByRole("button", { name: /^A\b/ })
        .getAttribute("data-option-text")) ?? "";
    await ann.vote(ANN, "A", "I always pick A.");
    // Submitting with a vote missing says so, without asking the server.
    await ann.submitVotes.click();
    await expect(page.getByText("Votes for all members is required to submit.")).toBeVisible();
    // The cards without a pick are marked; the first of them has the focus, on its A.
    const marked = page.getByRole("listitem").filter({ hasText: "Pick A or B for this member." });
    await expect(marked).toHaveCount(2);
    await expect(ann.card(BEN).getByText("Pick A or B for this member.")).toBeVisible();
    await expect(ann.card(CY).getByText("Pick A or B for this member.")).toBeVisible();
    await expect(marked.first().getByRole("button", { name: /^A\b/ })).toBeFocused();
    await shoot(page, "round-missing-votes");
    await ann.vote(BEN, "B", "Ben is a B.");
    await expect(ann.card(BEN).getByText("Pick A or B for this member.")).toBeHidden();
    await ann.vote(CY, "B", "Cy <b>too</b>");
    // Every card has its pick: the message and the marks are gone.
    await expect(page.getByText("Votes for all members is required to submit.")).toBeHidden();
    await expect(page.getByText("Pick A or B for this member.")).toHaveCount(0);
    await expectScreen(page, GROUP);
    await shoot(page, "round-voting");

    await ben.open(groupId);
    await ben.vote(BEN, "B", "B, obviously.");
    await ben.vote(ANN, "A", "Ann loves A.");
    await ben.vote(CY, "A", "Cy maybe A.");
    await cy.open(groupId);
    await cy.vote(CY, "A", "A for me.");
    await cy.vote(ANN, "B", "Ann is a B.");
    await cy.vote(BEN, "B", "Ben B.");

    await ann.submit();
    await expect(ann.submitted).toBeVisible();
    await expect(page.getByText("Done (1)")).toBeVisible();
    // Ben's page, open all along, follows without a reload.
    await expect(benPage.getByText("Done (1)")).toBeVisible();
    await expect(benPage.getByText("Waiting for (2)")).toBeVisible();
    await shoot(page, "round-submitted");
    await ben.submit();
    await expect(ben.submitted).toBeVisible();

    // Home: the round's line on the card.
    const home = new HomePage(cyPage);
    await home.open();
    await expect(home.groupCard(GROUP)).toContainText("Votes due in");
    await expect(home.groupCard(GROUP)).toContainText("Awaiting your votes");
    await shoot(cyPage, "home-cards");

    // The due date passes: Cy never submitted.
    await advanceClock(page, 25 * HOUR_MS);

    // Everyone sees the past round, its points and the leaderboard.
    // Ann: right about Ben (1). Ben: right about Ann (1). Cy did not submit (0).
    for (const tabs of [ann, ben, cy]) {
      await tabs.open(groupId, "past-rounds");
      const rounds = tabs.pastRounds.getByRole("link");
      await expect(rounds).toHaveCount(1);
      await expect(rounds.first()).toContainText("less than 1 minute ago");
      await rounds.first().click();
      const archived = new ArchivedRoundPage(tabs.page);
      await expect(tabs.page.getByText(/^Round completed /)).toBeVisible();
      await expect(archived.member(ANN)).toContainText(`voted ${optionA}`);
      await expect(archived.member(ANN)).toContainText("1 point");
      await expect(archived.member(ANN)).toContainText("“I always pick A.”");
      await expect(archived.member(ANN)).toContainText(`${BEN} selected ${optionA} for ${ANN}`);
      await expect(archived.member(BEN)).toContainText("1 point");
      await expect(archived.member(CY)).toContainText("did not vote");
      await expect(archived.member(CY)).toContainText("0 points");
      await expect(archived.member(CY)).toContainText(`selected`);
      await expect(archived.member(CY)).toContainText("Cy <b>too</b>");
      await tabs.open(groupId, "leaderboard");
      await expect(tabs.leaderboard.getByRole("listitem")).toHaveCount(3);
      await expect(tabs.leaderboard.getByRole("listitem").nth(2)).toContainText(CY);
      await expect(tabs.leaderboard.getByRole("listitem").nth(2)).toContainText("Rank 3");
    }
    await expect(ann.leaderboard.getByRole("listitem").first()).toContainText("Rank 1");
    await expect(ann.leaderboard.getByRole("listitem").nth(1)).toContainText("Rank 1");
    await expect(ann.leaderboard).toContainText(`${ANN} (Admin)`);
    await expectScreen(page, GROUP);
    await shoot(page, "leaderboard");
    await page.getByText("How points work").first().click();
    await expect(page.getByText("Guessing yourself earns nothing.")).toBeVisible();
    await shoot(page, "points-explainer");
    await ann.tab("Past Rounds").click();
    await expect(ann.pastRounds).toBeVisible();
    await shoot(page, "past-rounds");
    await ann.pastRounds.getByRole("link").first().click();
    await expect(new ArchivedRoundPage(page).results).toBeVisible();
    await expectScreen(page, "Past round");
    await shoot(page, "archived-round");

    // Round 2 opened by itself; it closes when the last of the three submits.
    const play = async (tabs: RoundTabs, [forAnn, forBen, forCy]: readonly ("A" | "B")[]) => {
      await tabs.open(groupId);
      await expect(tabs.votesDue).toBeVisible();
      await tabs.vote(ANN, forAnn ?? "A");
      await tabs.vote(BEN, forBen ?? "A");
      await tabs.vote(CY, forCy ?? "A");
      await tabs.submit();
    };
    // Ann and Ben play side by side, each page following the other's submit.
    await Promise.all([play(ann, ["A", "A", "A"]), play(ben, ["A", "A", "A"])]);
    await play(cy, ["A", "A", "B"]);
    // Cy's was the last submit: Ann's page, open since her own, says so and shows round 3.
    await expect(cy.roundOver).toBeVisible();
    await expect(ann.roundOver).toBeVisible();
    await expect(page.getByText("Done (0)")).toBeVisible();
    // The results come first, over the page (e2e/reveal.spec.ts); Ann skips them.
    await ann.skipReveal();
    await shoot(page, "round-over");
    await ann.roundOver.getByRole("link", { name: "See the results" }).click();
    // The notice leads to the round's reveal, over its archived results.
    await expect(ann.reveal).toBeVisible();
    await expect(new ArchivedRoundPage(page).member(CY)).toContainText("2 points");
    await cy.open(groupId, "past-rounds");
    await expect(cy.pastRounds.getByRole("link")).toHaveCount(2);
    await cy.tab("Current Round").click();
    await expect(cy.page.getByText("Done (0)")).toBeVisible();
    // Round 2: Ann (own A) right about Ben's A: 1. Ben (own A) right about Ann: 1. Cy (own B)
    // right about both: 2. With round 1 everyone has 2 points and shares rank 1.
    await ann.open(groupId, "leaderboard");
    for (const row of await ann.leaderboard.getByRole("listitem").all()) {
      await expect(row).toContainText("Rank 1");
      await expect(row).toContainText("2 points");
    }
  });
});
