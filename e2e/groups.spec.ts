import {
  GroupForm,
  GroupPage,
  GroupProfilePage,
  groupIdOf,
  HomePage,
  InvitePage,
} from "./pages/group-pages";
import { SignInPage } from "./pages/sign-in-page";
import { signUp } from "./support/accounts";
import { expect, expectRefusedRequest, test } from "./support/fixtures";
import {
  addressFor,
  createGroupByApi,
  inviteLinkOf,
  joinByApi,
  thirdBrowser,
} from "./support/groups";
import { signUpFresh } from "./support/people";
import { expectScreen, shoot } from "./support/screens";

test.describe("groups", () => {
  // Whole journeys: several people sign in by e-mail, and every screen is checked in two schemes.
  test.describe.configure({ timeout: 600_000 });

  test("an admin creates a group and shares it; a friend signs in from the invitation, joins and sees it on home", async ({
    page,
    otherBrowserPage: friend,
    isMobile,
  }, testInfo) => {
    // Phones with a share sheet share natively; here the sheet only records what it got.
    await page.addInitScript(() => {
      if (/Android/.test(navigator.userAgent)) {
        Object.defineProperty(navigator, "share", {
          value: async (data: ShareData) => {
            (window as unknown as { shared: ShareData }).shared = data;
          },
        });
      }
    });
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await signUpFresh(page, addressFor("ann", testInfo), "Ann Admin");
    const home = new HomePage(page);
    await home.open();
    await expect(home.emptyState).toBeVisible();
    await expectScreen(page, "Home");

    // Create Group: the spec's messages in the danger alert, then the group.
    await home.createGroup.click();
    await expect(page).toHaveURL("/create-group");
    await expectScreen(page, "Create Group");
    const form = new GroupForm(page);
    await form.fill({ name: "   ", maxMembers: "1", days: "8" });
    await page.getByRole("button", { name: "Create" }).click();
    await expect(form.alert).toContainText("Group Name: This field is required.");
    await expect(form.alert).toContainText("Max Members: Minimum value is 2.");
    await expect(form.alert).toContainText("Days Between Rounds: Maximum value is 7.");
    await expectScreen(page, "Create Group");
    await form.fill({ name: "x".repeat(51), maxMembers: "101", days: "" });
    await page.getByRole("button", { name: "Create" }).click();
    await expect(form.alert).toContainText("Group Name: Maximum length is 50.");
    await expect(form.alert).toContainText("Max Members: Maximum value is 100.");
    await expect(form.alert).toContainText("Days Between Rounds: This field is required.");
    await form.fill({ name: "  Book Club  ", maxMembers: "5", days: "3" });
    await page.getByRole("button", { name: "Create" }).click();
    const group = new GroupPage(page);
    await expect(group.heading("Book Club")).toBeVisible();
    await expect(page).toHaveURL(/\/group\/[^/]+$/);
    const groupId = groupIdOf(page);
    await expect(page.getByText("1/5 members")).toBeVisible();
    await expect(group.tabs.getByRole("tab", { name: "Current Round" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    await expect(group.gettingStarted).toBeVisible();
    await expectScreen(page, "Book Club");

    // Step 1: share the link (the phone's sheet, or the clipboard).
    await group.shareLink.click();
    let link: string;
    if (isMobile) {
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { shared?: ShareData }).shared))
        .toMatchObject({ title: "You are invited!", url: expect.stringContaining("/invite/") });
      link = await page.evaluate(
        () => (window as unknown as { shared: ShareData }).shared.url ?? "",
      );
    } else {
      await expect(page.getByText("Copied to Clipboard!")).toBeVisible();
      link = await page.evaluate(() => navigator.clipboard.readText());
    }
    expect(link).toBe(await inviteLinkOf(page, groupId));
    expect(new URL(link).pathname).toMatch(/^\/invite\/[\w-]{20,}$/);

    // The friend, in a fresh browser, opens the link as a guest.
    await friend.goto(link);
    const invite = new InvitePage(friend);
    await expect(invite.heading("Book Club")).toBeVisible();
    await expect(invite.currentMembers).toBeVisible();
    await expect(friend.getByText("Admin", { exact: true })).toBeVisible();
    await expect(friend.getByText("Ann", { exact: true })).toBeVisible();
    await expectScreen(friend, "Join Book Club");
    await invite.join.click();
    await expect(new SignInPage(friend).heading).toBeVisible();
    // The sign-in page says what it is for; once signed in, the first Join counts.
    await expect(friend.getByText("Sign in to join Book Club.")).toBeVisible();
    await shoot(friend, "Sign In to join");
    await signUp(friend, addressFor("ben", testInfo), "Ben Friend");
    const friendsGroup = new GroupPage(friend);
    await expect(friendsGroup.heading("Book Club")).toBeVisible();
    await expect(friend).toHaveURL(`/group/${groupId}`);
    await expect(friendsGroup.awaitingAdmin).toBeVisible();
    await expect(friendsGroup.gettingStarted).toBeHidden();
    await expectScreen(friend, "Book Club");
    const friendsHome = new HomePage(friend);
    await friendsHome.open();
    await expect(friendsHome.groupCard("Book Club")).toContainText("2/5 members");
    await expect(friendsHome.groupCard("Book Club")).toContainText(
      "First round hasn't started yet.",
    );

    // Opening the link again, as a member, leads straight to the group.
    await friend.goto(link);
    await expect(friendsGroup.heading("Book Club")).toBeVisible();

    // On the landing page a member finds their groups, not the pitch to strangers.
    await friend.goto("/");
    const yourGroups = friend.getByRole("region", { name: "Your groups" });
    await expect(yourGroups.getByRole("link", { name: /Book Club/ })).toBeVisible();
    await expect(
      friend.getByRole("heading", { name: "Think you know your friends?" }),
    ).toBeHidden();
    await expectScreen(friend, "Today's Dilemma");

    // The admin's home and group profile show both.
    await home.open();
    await expect(home.groupCard("Book Club")).toContainText("2/5 members");
    await expectScreen(page, "Home");
    const profile = new GroupProfilePage(page);
    await profile.open(groupId);
    await expect(profile.note).toBeVisible();
    await expect(profile.members).toHaveCount(2);
    await expect(profile.member("Ann Admin")).toContainText("(You)");
    await expect(profile.member("Ben Friend")).not.toContainText("(You)");
    await expectScreen(page, "Book Club · Group Profile");
  });

  test("the admin edits the group and removes a member; a member leaves; the admin deletes it", async ({
    page,
    otherBrowserPage: cat,
    browser,
    consoleErrors,
  }, testInfo) => {
    await Promise.all([
      signUpFresh(page, addressFor("ada", testInfo), "Ada Admin"),
      signUpFresh(cat, addressFor("cat", testInfo), "Cat Member"),
    ]);
    // Making the group and joining it are the first journey's screens: here, their API calls.
    const { groupId, link } = await createGroupByApi(page, "Chess Night", 4, 2);
    const profile = new GroupProfilePage(page);
    await profile.open(groupId);
    // Dan's browser takes its address from the page, which is on the app only now.
    const dan = await thirdBrowser(browser, page);
    await signUpFresh(dan.page, addressFor("dan", testInfo), "Dan Member");
    await Promise.all([joinByApi(cat, link), joinByApi(dan.page, link)]);
    // Dan stays on the group's page: his removal is told to it.
    await dan.page.goto(`/group/${groupId}`);
    await expect(new GroupPage(dan.page).heading("Chess Night")).toBeVisible();

    // The edit form: the spec's messages, the server's limit, 'Changes Saved'.
    await page.reload();
    await expect(profile.members).toHaveCount(3);
    const form = profile.editForm;
    await expect(form.name).toHaveValue("Chess Night");
    await form.fill({ name: "", maxMembers: "0", days: "0" });
    await profile.update.click();
    await expect(form.alert).toContainText("Group Name: This field is required.");
    await expect(form.alert).toContainText("Max Members: Minimum value is 2.");
    await expect(form.alert).toContainText("Days Between Rounds: Minimum value is 1.");
    await form.fill({ name: "Chess Night", maxMembers: "4", days: "2" });
    await profile.update.click();
    await expect(page.getByText("Changes Saved")).toBeVisible();
    await form.fill({ maxMembers: "2" });
    await profile.update.click();
    await expect(form.alert).toHaveText(
      "Max members can't be less than the 3 members the group has now.",
    );
    await expectRefusedRequest(consoleErrors, 400);
    await form.fill({ name: "Chess Club", maxMembers: "6" });
    await profile.update.click();
    await expect(page.getByText("Changes Saved")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Chess Club" })).toBeVisible();
    await expectScreen(page, "Chess Club · Group Profile");

    // A member sees the settings read-only, no Remove and no reset.
    const catsProfile = new GroupProfilePage(cat);
    await catsProfile.open(groupId);
    await expect(cat.getByRole("region", { name: "Group Settings" })).toContainText("Chess Club");
    await expect(catsProfile.update).toBeHidden();
    await expect(catsProfile.resetLink).toBeHidden();
    await expect(cat.getByRole("button", { name: /^Remove/ })).toHaveCount(0);
    await expectScreen(cat, "Chess Club · Group Profile");

    // The admin removes Dan, after the spec's question.
    await profile
      .member("Dan Member")
      .getByRole("button", { name: /^Remove/ })
      .click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText("Are you sure you want to remove Dan Member from group?");
    await expectScreen(page, "Chess Club · Group Profile");
    await dialog.getByRole("button", { name: "Remove" }).click();
    await expect(page.getByText("Dan Member removed from group")).toBeVisible();
    await expect(profile.members).toHaveCount(2);
    // Dan's open group page is told at once, then goes home, which says it again.
    const removed = dan.page.getByText("You were removed from Chess Club");
    await expect(removed).toBeVisible();
    await shoot(dan.page, "Removed from group");
    await expect(dan.page).toHaveURL("/home", { timeout: 5_000 });
    await expect(removed).toBeVisible();
    await dan.page.goto(`/group/${groupId}`);
    await expect(
      dan.page.getByRole("heading", { name: "This group does not exist." }),
    ).toBeVisible();
    await expectRefusedRequest(dan.errors, 404);
    await expectScreen(dan.page, "Group Not Found");
    // The link Dan joined by no longer lets Dan in, and the invitation says so.
    await dan.page.goto(link);
    await expect(
      dan.page.getByText(
        "You were removed from this group. Ask its admin for a new invitation link.",
      ),
    ).toBeVisible();
    await expect(dan.page.getByRole("button", { name: "Join Group" })).toHaveCount(0);
    await expectScreen(dan.page, "Join Chess Club");
    expect(dan.errors).toEqual([]);
    await dan.close();

    // Cat leaves from the group page's menu.
    const catsGroup = new GroupPage(cat);
    await cat.goto(`/group/${groupId}`);
    expect(await catsGroup.menuItems()).toEqual(["Leave Group"]);
    await catsGroup.choose("Leave Group");
    await expect(catsGroup.dialog()).toContainText("Are you sure you want to leave this group?");
    await catsGroup.dialog().getByRole("button", { name: "Leave Group" }).click();
    await expect(cat.getByText("You successfully left group")).toBeVisible();
    await expectScreen(cat, "Chess Club");
    const catsHome = new HomePage(cat);
    await catsHome.open();
    await expect(catsHome.emptyState).toBeVisible();

    // The admin deletes the group: 'Group deleted', then home.
    const group = new GroupPage(page);
    await page.goto(`/group/${groupId}`);
    expect(await group.menuItems()).toEqual(["Invite Members", "Edit Group", "Delete Group"]);
    await group.choose("Delete Group");
    await expect(group.dialog()).toContainText("Are you sure you want to delete this group?");
    // It names the group and what goes with it.
    await expect(group.dialog()).toContainText("Chess Club");
    await expect(group.dialog()).toContainText("Its rounds, votes, comments, leaderboard");
    await shoot(page, "Delete group confirmation");
    // Cancel keeps everything as it was.
    await group.dialog().getByRole("button", { name: "Cancel" }).click();
    await expect(group.dialog()).toBeHidden();
    await group.choose("Delete Group");
    await group.dialog().getByRole("button", { name: "Delete Group" }).click();
    await expect(page.getByText("Group deleted")).toBeVisible();
    await expect(page).toHaveURL(`/group/${groupId}`);
    await expect(page).toHaveURL("/home", { timeout: 5_000 });
    await expect(new HomePage(page).emptyState).toBeVisible();
  });

  test("home's daily dilemma folds away 3 s after a choice, and starts folded once chosen", async ({
    page,
  }, testInfo) => {
    await signUpFresh(page, addressFor("gil", testInfo), "Gil");
    const home = new HomePage(page);
    await home.open();
    const optionA = page.getByRole("button", { name: /^Option A:/ });
    // Exact: a day's options may say "show" or "hide" too ("Game show").
    const show = page.getByRole("button", { name: "Show", exact: true });
    await optionA.click();
    await expect(optionA.getByText("Your pick")).toBeVisible();
    // The split shows first; then the card folds to the question and the pick.
    await expect(show).toBeVisible({ timeout: 6_000 });
    await expect(optionA).toBeHidden();
    await expect(page.getByText(/^Your pick: /)).toBeVisible();
    await expectScreen(page, "Home");

    await page.reload();
    await expect(show).toBeVisible();
    await expect(optionA).toBeHidden();
    await show.click();
    await expect(optionA).toHaveAttribute("aria-pressed", "true");
    await page.getByRole("button", { name: "Hide", exact: true }).click();
    await expect(optionA).toBeHidden();
  });
});
