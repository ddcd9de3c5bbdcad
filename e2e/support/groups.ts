import { type Browser, expect, type Page, type TestInfo } from "@playwright/test";
import {
  GroupForm,
  GroupPage,
  GroupProfilePage,
  groupIdOf,
  InvitePage,
} from "../pages/group-pages";
import { watchConsole } from "./fixtures";
import { apiPost, appOrigin } from "./people";

/** An address no other test or project uses, so each journey reads only its own mail. */
export const addressFor = (who: string, testInfo: TestInfo) =>
  `${who}-${testInfo.project.name}-${Date.now()}@example.test`;

export const GROUP_FULL =
  "Member limit reached. Contact group admin to increase max members allowed in this group.";

/** Creates a group from /create-group and answers its id, on its page. */
export async function createGroup(page: Page, name: string, maxMembers = "10", days = "7") {
  await page.goto("/create-group");
  await new GroupForm(page).fill({ name, maxMembers, days });
  await page.getByRole("button", { name: "Create" }).click();
  await expect(new GroupPage(page).heading(name)).toBeVisible();
  return groupIdOf(page);
}

/** The invitation link, as the group profile shows it. */
export async function inviteLinkOf(page: Page, groupId: string) {
  const profile = new GroupProfilePage(page);
  await profile.open(groupId);
  return profile.link.inputValue();
}

/** A signed-in person opens the link and joins; they land on the group. */
export async function joinByLink(page: Page, link: string, groupName: string) {
  await page.goto(link);
  await new InvitePage(page).join.click();
  await expect(new GroupPage(page).heading(groupName)).toBeVisible();
}

/**
 * What createGroup and inviteLinkOf do, by the API calls their screens make: for
 * journeys whose subject is not making a group (groups.spec.ts drives those
 * screens). Answers the group's id and its invitation link; the page stays where it was.
 */
export async function createGroupByApi(page: Page, name: string, maxMembers = 10, days = 7) {
  const origin = await appOrigin(page.request);
  const { data } = (await apiPost(page.request, origin, "/api/groups/create", {
    name,
    maxMembers,
    daysBetweenRounds: days,
  })) as { data: { groupId: string } };
  const response = await page.request.get(`/api/groups/${data.groupId}`);
  expect(response.status()).toBe(200);
  const { inviteCode } = (await response.json()).data.groupData as { inviteCode: string };
  return { groupId: data.groupId, link: `${origin}/invite/${inviteCode}` };
}

/**
 * What joinByLink does, by the API calls the invitation's screen makes: for
 * journeys whose subject is not joining (groups.spec.ts drives that screen).
 * The page stays where it was.
 */
export async function joinByApi(page: Page, link: string) {
  const origin = await appOrigin(page.request);
  const inviteCode = new URL(link).pathname.split("/").at(-1) ?? "";
  const response = await page.request.get(`/api/groups/invite/${inviteCode}`);
  expect(response.status()).toBe(200);
  const { id } = (await response.json()).data.groupData as { id: string };
  await apiPost(page.request, origin, `/api/groups/${id}/members/add`, { inviteCode });
}

/** A third person, in a browser of their own, the size of the project's device. */
export async function thirdBrowser(browser: Browser, page: Page) {
  const context = await browser.newContext({
    baseURL: new URL(page.url()).origin,
    viewport: page.viewportSize(),
  });
  const third = await context.newPage();
  return { page: third, errors: watchConsole(third), close: () => context.close() };
}
