import { GroupProfilePage, InvitePage } from "./pages/group-pages";
import { expect, expectRefusedRequest, test } from "./support/fixtures";
import {
  createGroupByApi,
  GROUP_FULL,
  inviteLinkOf,
  joinByApi,
  thirdBrowser,
} from "./support/groups";
import { readQrCode } from "./support/qr-code";
import { expectScreen, shoot } from "./support/screens";

test.describe("group invitations", () => {
  test.describe.configure({ timeout: 600_000 });

  test("a full group disables Join and says why; a wrong or reset link says it does not work", async ({
    page,
    otherBrowserPage: eve,
    browser,
    isMobile,
    people,
  }) => {
    await Promise.all([people.signIn(page, "Fay Admin"), people.signIn(eve, "Eve")]);
    // Making the group is groups.spec.ts's screen: here, its API call. The link is the profile's.
    const { groupId } = await createGroupByApi(page, "Duo", 2, 1);
    const link = await inviteLinkOf(page, groupId);
    // The QR code beside the link reads back as the link: at least 200 px wide
    // to scan across a table, and dark on light in the dark scheme too.
    const profile = new GroupProfilePage(page);
    expect((await profile.qrCode.boundingBox())?.width).toBeGreaterThanOrEqual(200);
    expect(await readQrCode(profile.qrCode)).toBe(link);
    await page.emulateMedia({ colorScheme: "dark" });
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    expect(await readQrCode(profile.qrCode)).toBe(link);
    await page.emulateMedia({ colorScheme: "light" });
    await shoot(page, "Invite QR code");
    // Joining is groups.spec.ts's screen: here, its API call.
    await joinByApi(eve, link);

    // A guest in a third browser: the group is full.
    const guest = await thirdBrowser(browser, page);
    await guest.page.goto(link);
    const invite = new InvitePage(guest.page);
    await expect(invite.heading("Duo")).toBeVisible();
    await expect(guest.page.getByText("2/2 members")).toBeVisible();
    await expect(invite.join).toBeDisabled();
    await expect(guest.page.getByRole("alert")).toHaveText(GROUP_FULL);
    await expectScreen(guest.page, "Join Duo");

    // The admin makes room, then resets the link: the old one stops working.
    if (!isMobile) {
      // Copy Link says 'Copied!' for 2 s.
      await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
      await profile.copyLink.click();
      await expect(profile.copyLink).toHaveText("Copied!");
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
      await expect(profile.copyLink).toHaveText("Copy Link", { timeout: 5_000 });
    }
    await profile.editForm.fill({ maxMembers: "3" });
    await profile.update.click();
    await expect(page.getByText("Changes Saved")).toBeVisible();
    await guest.page.reload();
    await expect(invite.join).toBeEnabled();
    await profile.resetLink.click();
    await expect(page.getByRole("dialog")).toContainText("Reset the invitation link?");
    await page.getByRole("dialog").getByRole("button", { name: "Reset Link" }).click();
    await expect(page.getByText("A new invitation link is ready.")).toBeVisible();
    await expect(profile.link).not.toHaveValue(link);
    // Read once the dialog has gone: its backdrop, fading out, dims the code under it.
    await expect(page.getByRole("dialog")).toHaveCount(0);
    const newLink = await profile.link.inputValue();
    await expect.poll(() => readQrCode(profile.qrCode)).toBe(newLink);

    await guest.page.reload();
    await expect(
      guest.page.getByRole("heading", { name: "This invitation link does not work." }),
    ).toBeVisible();
    await expectRefusedRequest(guest.errors, 404);
    await expectScreen(guest.page, "Invitation Not Found");
    await guest.page.goto("/invite/no-such-code");
    await expect(
      guest.page.getByRole("heading", { name: "This invitation link does not work." }),
    ).toBeVisible();
    await expectRefusedRequest(guest.errors, 404);
    expect(guest.errors).toEqual([]);
    await guest.close();
  });
});
