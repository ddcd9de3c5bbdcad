import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { AdminPage } from "./pages/admin-page";
import { DetailsPage } from "./pages/details-page";
import { GroupPage, HomePage } from "./pages/group-pages";
import { NavBar } from "./pages/nav-bar";
import { ProfilePage } from "./pages/profile-page";
import { ArchivedRoundPage, RoundTabs } from "./pages/round-pages";
import { SignInPage } from "./pages/sign-in-page";
import { expect, expectRefusedRequest, test } from "./support/fixtures";
import { addressFor, createGroupByApi, joinByApi } from "./support/groups";
import { mailsTo, waitForEmail } from "./support/mailbox";
import { signUpFresh } from "./support/people";
import { adminEmail } from "./support/ports";
import { voteAndSubmit } from "./support/round-api";
import { expectScreen, shoot } from "./support/screens";

const GROUP = "Farewell Club";
const ANN = "Ann Leaving";
const BEN = "Ben Staying";
const DELETED = "Deleted player";

/** The newest e-mail to `email` that brought a link, so the next wait takes only a newer one. */
const lastLinkMail = async (email: string) =>
  (await mailsTo(email, "")).filter((mail) => mail.link).at(-1);

/** The own profile, from the menu. */
async function openOwnProfile(page: Page) {
  await new NavBar(page).choose("Profile");
  await expect(page).toHaveURL(/\/user-profile\/[^/]+$/);
}

test.describe("one's account (issue 38)", () => {
  // Two people, a round, two screens checked in both schemes: a long journey on a busy machine.
  test.describe.configure({ timeout: 300_000 });

  test("a member exports their data; the group's admin deletes their account by the e-mailed link, the friend takes the group over", async ({
    page,
    otherBrowserPage: benPage,
  }, testInfo) => {
    const annEmail = addressFor("ann-account", testInfo);
    const benEmail = addressFor("ben-account", testInfo);
    await Promise.all([signUpFresh(page, annEmail, ANN), signUpFresh(benPage, benEmail, BEN)]);
    // Making the group and joining it are groups.spec.ts's screens: here, their API calls.
    const { groupId, link } = await createGroupByApi(page, GROUP, 5, 1);
    await joinByApi(benPage, link);

    // One round, closed by the last submit. Ann (A herself) reads Ben's B right: 1 point.
    // Ben (B himself) takes Ann for a B: 0 points.
    const ann = new RoundTabs(page);
    const ben = new RoundTabs(benPage);
    await Promise.all([ann.open(groupId), ben.open(groupId)]);
    await ann.startFirstRound.click();
    await expect(ann.votesDue).toBeVisible();
    await voteAndSubmit(page, groupId, { [ANN]: "A", [BEN]: "B" });
    expect(await voteAndSubmit(benPage, groupId, { [ANN]: "B", [BEN]: "B" })).toEqual({
      roundClosed: true,
    });
    // Both pages are on the group: the results come over them, and each skips them.
    await ann.skipReveal();
    await ben.skipReveal();

    // (a) Ben downloads his data: his name, his group, his votes and points, one JSON file.
    await openOwnProfile(benPage);
    const benProfile = new ProfilePage(benPage);
    const [download] = await Promise.all([
      benPage.waitForEvent("download"),
      benProfile.exportData.click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^eitheror-data-\d{4}-\d{2}-\d{2}\.json$/);
    const { data } = JSON.parse(await readFile(await download.path(), "utf8"));
    expect(data.format).toBe("eitheror-account-export/1");
    expect(data.profile).toMatchObject({ displayName: BEN, email: benEmail });
    expect(data.groups).toEqual([
      expect.objectContaining({ id: groupId, name: GROUP, role: "member" }),
    ]);
    expect(data.votes).toHaveLength(2);
    for (const vote of data.votes) {
      expect(vote).toMatchObject({ groupId, roundNumber: 1, optionSelected: "B" });
    }
    expect(data.roundResults).toEqual([
      expect.objectContaining({ groupId, roundNumber: 1, submitted: true, points: 0 }),
    ]);
    // Only his own rows: Ann appears by id at most, never by name or address.
    expect(JSON.stringify(data)).not.toContain(ANN);
    expect(JSON.stringify(data)).not.toContain(annEmail);

    // (b) Ann, the group's admin, asks for the deletion link on her profile.
    await openOwnProfile(page);
    const annProfile = new ProfilePage(page);
    await expect(page.getByRole("heading", { level: 2, name: "Delete my account" })).toBeVisible();
    await expectScreen(page, "Your Profile");
    const signInMail = await lastLinkMail(annEmail);
    await annProfile.sendDeletionLink.click();
    const question = page.getByRole("dialog", {
      name: "Send a deletion link to your e-mail address?",
    });
    await expect(question).toBeVisible();
    // The question's Cancel takes the focus: a stray Enter sends nothing.
    await expect(question.getByRole("button", { name: "Cancel" })).toBeFocused();
    await shoot(page, "delete-account-question");
    await question.getByRole("button", { name: "E-mail me the link" }).click();
    await expect(question).toBeHidden();
    await expect(page.getByText(`We sent a link to ${annEmail}`)).toBeVisible();
    await shoot(page, "delete-account-link-sent");

    const mail = await waitForEmail(annEmail, { after: signInMail });
    expect(new URL(mail.link).searchParams.get("purpose")).toBe("delete-account");
    await page.goto(mail.link);
    await expect(
      page.getByRole("heading", { level: 1, name: "Delete your account?" }),
    ).toBeVisible();
    await expectScreen(page, "Delete your account");
    await page.getByRole("button", { name: "Delete my account" }).click();
    await expect(
      page.getByRole("heading", { level: 1, name: "Your account is deleted." }),
    ).toBeVisible();
    // The page forgets the ended session at once: no menu of the deleted person.
    const nav = new NavBar(page);
    await expect(nav.menuButton).toBeHidden();
    await shoot(page, "account-deleted");
    await page.getByRole("link", { name: "Go to today's dilemma" }).click();
    await expect(page).toHaveURL("/");
    await expect(nav.signIn).toBeVisible();
    await expect(nav.menuButton).toBeHidden();

    // Ben is the group's admin now, and told so by e-mail.
    await expect
      .poll(async () => (await mailsTo(benEmail, `You are now the admin of ${GROUP}`)).length)
      .toBe(1);
    await ben.open(groupId);
    expect(await new GroupPage(benPage).menuItems()).toEqual([
      "Invite Members",
      "Edit Group",
      "Delete Group",
    ]);
    await ben.open(groupId, "leaderboard");
    await expect(ben.leaderboard.getByRole("listitem")).toHaveCount(1);
    await expect(ben.leaderboard).toContainText(`${BEN} (Admin)`);

    // The past round keeps Ann's points under 'Deleted player', and her name is gone.
    await ben.open(groupId, "past-rounds");
    await ben.pastRounds.getByRole("link").first().click();
    const archived = new ArchivedRoundPage(benPage);
    await expect(archived.member(DELETED)).toContainText("1 point");
    await expect(archived.member(BEN)).toContainText("0 points");
    await expect(archived.results).not.toContainText(ANN);

    // The same address signs in to a new, empty account.
    const signIn = new SignInPage(page);
    await signIn.open();
    const deletionMail = await lastLinkMail(annEmail);
    await signIn.requestLink(annEmail);
    await page.goto((await waitForEmail(annEmail, { after: deletionMail })).link);
    const details = new DetailsPage(page);
    await details.expectOpen();
    await details.fill(ANN);
    await details.save.click();
    const home = new HomePage(page);
    await expect(page).toHaveURL("/home");
    await expect(home.emptyState).toBeVisible();
  });

  test(
    "a product admin removes a group from /admin",
    { tag: "@one-device" },
    async ({ page, otherBrowserPage: adminPage, consoleErrors }, testInfo) => {
      await Promise.all([
        signUpFresh(page, addressFor("cat-account", testInfo), "Cat Creator"),
        signUpFresh(adminPage, adminEmail("remove-group", testInfo.project.name), "Max Admin"),
      ]);
      // Making the group is groups.spec.ts's screen: here, its API call.
      const { groupId, link } = await createGroupByApi(page, "Spam Squad");
      const groupUrl = new URL(`/group/${groupId}`, link).toString();

      const admin = new AdminPage(adminPage);
      await adminPage.goto("/admin");
      await expect(admin.heading).toBeVisible();
      // A link to the group's page, as a report would bring it.
      await admin.groupToRemove.fill(groupUrl);
      await admin.removeGroup.click();
      const question = adminPage.getByRole("dialog", {
        name: "Remove this group for every member?",
      });
      await expect(question).toContainText("This cannot be undone.");
      await shoot(adminPage, "admin-remove-group-question");
      await question.getByRole("button", { name: "Remove a group" }).click();
      await expect(question).toBeHidden();
      await expect(adminPage.getByText("The group is removed.")).toBeVisible();
      await expect(admin.groupToRemove).toHaveValue("");
      await expectScreen(adminPage, "Admin");

      await page.goto(`/group/${groupId}`);
      await expect(page.getByRole("heading", { name: "This group does not exist." })).toBeVisible();
      await expectRefusedRequest(consoleErrors, 404);
      const home = new HomePage(page);
      await home.open();
      await expect(home.emptyState).toBeVisible();
    },
  );
});
