import { AdminPage } from "./pages/admin-page";
import { GroupDilemmas } from "./pages/group-pages";
import { ArchivedRoundPage, RoundTabs } from "./pages/round-pages";
import { deviceContext, expect, test, watchConsole } from "./support/fixtures";
import { createGroupByApi, joinByApi } from "./support/groups";
import { signUpFresh } from "./support/people";
import { adminEmail } from "./support/ports";
import { voteAndSubmit } from "./support/round-api";
import { expectScreen, shoot } from "./support/screens";

const GROUP = "Proposals Club";
const ANN = "Ann Admin";
const BEN = "Ben Second";
const CY = "Cy Third";
const ANN_COMMENT = "Ann always picks the mountains.";
const BEN_COMMENT = "Ben says something the group would rather not read.";
const HIDDEN = "Comment hidden by the group admin";

test.describe("group dilemmas and moderation", () => {
  // Three people and a product admin, each signed in by e-mail; screens checked by axe in two schemes.
  test.describe.configure({ timeout: 300_000 });

  test("a member's proposal is approved and drawn, a comment is reported and hidden, and the product admin dismisses the report", async ({
    page,
    otherBrowserPage: benPage,
    // Cy: a third member, who reads what the group admin hid.
    thirdBrowserPage: cyPage,
    browser,
    device,
    people,
  }, testInfo) => {
    const project = testInfo.project.name;
    // The queue is the product's: the phone's and the desktop's runs tell their reports apart.
    const question = `Would you rather hike a mountain or swim in the sea (${project} ${Date.now()})?`;
    const reason = `Unkind about Ann (${project} ${Date.now()})`;
    await Promise.all([
      people.signIn(page, ANN),
      people.signIn(benPage, BEN),
      people.signIn(cyPage, CY),
    ]);
    // Making the group and joining it are groups.spec.ts's screens: here, their API calls.
    const { groupId, link } = await createGroupByApi(page, GROUP, 5, 1);
    await Promise.all([joinByApi(benPage, link), joinByApi(cyPage, link)]);

    // Ben proposes a dilemma on the group profile; it waits for the admin.
    const benDilemmas = new GroupDilemmas(benPage);
    await benDilemmas.open(groupId);
    await expect(benDilemmas.autoApprove).toHaveCount(0);
    await expect(benDilemmas.none).toBeVisible();
    await benDilemmas.proposeDilemma(question, "Mountain", "Sea");
    await expect(
      benDilemmas.section.getByText("Dilemma proposed. The group's admin will have a look."),
    ).toBeVisible();
    await expect(benDilemmas.question).toHaveValue("");
    await expect(benDilemmas.proposal(question)).toContainText("Waiting for the admin.");

    // Ann, the group's admin, sees it pending and approves it.
    const annDilemmas = new GroupDilemmas(page);
    await annDilemmas.open(groupId);
    await expect(annDilemmas.autoApprove).not.toBeChecked();
    await expect(annDilemmas.proposal(question)).toContainText(`Proposed by ${BEN}`);
    await expect(annDilemmas.proposal(question)).toContainText("Mountain / Sea");
    await annDilemmas.proposal(question).scrollIntoViewIfNeeded();
    await expectScreen(page, `${GROUP} · Group Profile`);
    await annDilemmas.proposal(question).getByRole("button", { name: "Approve" }).click();
    await expect(annDilemmas.proposal(question)).toHaveCount(0);
    await expect(annDilemmas.none).toBeVisible();
    await benDilemmas.open(groupId);
    await expect(benDilemmas.proposal(question)).toHaveCount(0);

    // The first round draws the group's approved dilemma before the bank's.
    const [ann, ben, cy] = [page, benPage, cyPage].map((p) => new RoundTabs(p)) as [
      RoundTabs,
      RoundTabs,
      RoundTabs,
    ];
    await ann.open(groupId);
    await ann.startFirstRound.click();
    await expect(ann.votesDue).toBeVisible();
    await expect(page.getByRole("heading", { name: question })).toBeVisible();

    // Everyone submits; Ann and Ben write a comment about themselves. Cy's submit closes the round.
    await voteAndSubmit(
      page,
      groupId,
      { [ANN]: "A", [BEN]: "B", [CY]: "A" },
      {
        [ANN]: ANN_COMMENT,
      },
    );
    await voteAndSubmit(
      benPage,
      groupId,
      { [ANN]: "A", [BEN]: "B", [CY]: "B" },
      {
        [BEN]: BEN_COMMENT,
      },
    );
    expect(
      (await voteAndSubmit(cyPage, groupId, { [ANN]: "A", [BEN]: "A", [CY]: "A" })).roundClosed,
    ).toBe(true);

    // The past round says who proposed its dilemma, to every member.
    const openPastRound = async (tabs: RoundTabs) => {
      await tabs.open(groupId, "past-rounds");
      await tabs.pastRounds.getByRole("link").first().click();
      const archived = new ArchivedRoundPage(tabs.page);
      await expect(archived.results).toBeVisible();
      await expect(tabs.page.getByRole("heading", { name: question })).toBeVisible();
      await expect(tabs.page.getByText(`Proposed by ${BEN}`)).toBeVisible();
      return archived;
    };
    const [annRound, benRound, cyRound] = [
      await openPastRound(ann),
      await openPastRound(ben),
      await openPastRound(cy),
    ];

    // Ben reports Ann's comment, with a reason.
    await expect(benRound.member(ANN)).toContainText(ANN_COMMENT);
    // Ben's own comment has no Report of his own.
    await expect(benRound.member(BEN).getByRole("button", { name: "Report comment" })).toHaveCount(
      0,
    );
    await benRound.member(ANN).getByRole("button", { name: "Report comment" }).click();
    const reasonBox = benRound.member(ANN).getByLabel("Why are you reporting this?");
    await expect(reasonBox).toBeFocused();
    await reasonBox.fill(reason);
    await shoot(benPage, "report-comment");
    await benRound.member(ANN).getByRole("button", { name: "Send report" }).click();
    await expect(
      benRound.member(ANN).getByText("Thank you. The report was sent to the moderators."),
    ).toBeVisible();

    // Ann, the group's admin, hides Ben's comment: Cy reads that it was hidden, Ben still reads his own.
    await expect(annRound.member(BEN)).toContainText(BEN_COMMENT);
    // No Hide for a member.
    await expect(cyRound.member(BEN).getByRole("button", { name: "Hide" })).toHaveCount(0);
    await annRound.member(BEN).getByRole("button", { name: "Hide" }).click();
    await expect(annRound.member(BEN)).toContainText(HIDDEN);
    await expect(annRound.member(BEN)).not.toContainText(BEN_COMMENT);
    await cyPage.reload();
    await expect(cyRound.member(BEN)).toContainText(HIDDEN);
    await expect(cyRound.member(BEN)).not.toContainText(BEN_COMMENT);
    await expectScreen(cyPage, "Past round");
    await benPage.reload();
    await expect(benRound.member(BEN)).toContainText(BEN_COMMENT);

    // The product admin finds Ben's report in the moderation queue and dismisses it.
    const context = await deviceContext(browser, device);
    const adminPage = await context.newPage();
    const errors = watchConsole(adminPage);
    await signUpFresh(adminPage, adminEmail("moderation", project), `Admin ${project}`);
    await adminPage.goto("/admin");
    const admin = new AdminPage(adminPage);
    await expect(admin.heading).toBeVisible();
    const report = admin.report(reason);
    await expect(report).toContainText(`A comment by ${ANN} in ${GROUP}`);
    await expect(report).toContainText(ANN_COMMENT);
    await expect(report).toContainText(`reported by ${BEN}`);
    await report.scrollIntoViewIfNeeded();
    await expectScreen(adminPage, "Admin");
    await report.getByRole("button", { name: "Dismiss" }).click();
    await expect(report).toHaveCount(0);
    await adminPage.reload();
    await expect(admin.moderation).toBeVisible();
    await expect(admin.report(reason)).toHaveCount(0);
    await context.close();
    expect(errors).toEqual([]);

    // Dismissed, the comment stays as it was.
    await benPage.reload();
    await expect(benRound.member(ANN)).toContainText(ANN_COMMENT);
  });
});
