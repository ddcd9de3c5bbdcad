import { expect, type Locator, type Page } from "@playwright/test";

/** /home: the daily dilemma panel and My Groups. */
export class HomePage {
  readonly myGroups: Locator;
  readonly createGroup: Locator;
  readonly emptyState: Locator;

  constructor(readonly page: Page) {
    this.myGroups = page.getByRole("region", { name: "My Groups" });
    this.createGroup = this.myGroups.getByRole("link", { name: "Create Group" });
    this.emptyState = this.myGroups.getByRole("heading", { name: "No groups yet" });
  }

  async open() {
    await this.page.goto("/home");
    await expect(this.myGroups).toBeVisible();
  }

  groupCard(name: string) {
    return this.myGroups.getByRole("link", { name: new RegExp(`^${name}`) });
  }
}

/** /create-group and the group profile's edit form: the same three fields. */
export class GroupForm {
  readonly name: Locator;
  readonly maxMembers: Locator;
  readonly daysBetweenRounds: Locator;
  readonly alert: Locator;

  constructor(
    readonly page: Page,
    scope: Page | Locator = page,
  ) {
    this.name = scope.getByLabel("Group Name");
    this.maxMembers = scope.getByLabel("Max Members");
    this.daysBetweenRounds = scope.getByLabel("Days Between Rounds");
    this.alert = scope.getByRole("alert");
  }

  async fill({ name, maxMembers, days }: { name?: string; maxMembers?: string; days?: string }) {
    if (name !== undefined) await this.name.fill(name);
    if (maxMembers !== undefined) await this.maxMembers.fill(maxMembers);
    if (days !== undefined) await this.daysBetweenRounds.fill(days);
  }
}

/** /group/{groupId}: header, three-dots menu, tabs. */
export class GroupPage {
  readonly menu: Locator;
  readonly tabs: Locator;
  readonly gettingStarted: Locator;
  readonly shareLink: Locator;
  readonly awaitingAdmin: Locator;

  constructor(readonly page: Page) {
    this.menu = page.getByRole("button", { name: "Group actions" });
    this.tabs = page.getByRole("tablist", { name: "Rounds" });
    this.gettingStarted = page.getByRole("heading", { name: "Getting Started" });
    this.shareLink = page.getByRole("button", { name: "Share Link" });
    this.awaitingAdmin = page.getByText("Awaiting group admin to start round.");
  }

  heading(name: string) {
    return this.page.getByRole("heading", { level: 1, name });
  }

  /** The menu's items, read with the menu open, then closed again with Escape. */
  async menuItems() {
    await this.menu.click();
    await expect(this.page.getByRole("menu")).toBeVisible();
    const items = await this.page.getByRole("menuitem").allTextContents();
    await this.page.keyboard.press("Escape");
    // Radix hands focus back to the trigger on a timer; a click before that opens a
    // menu the late focus then closes. A person's next click is never that quick.
    await expect(this.menu).toBeFocused();
    return items;
  }

  async choose(item: "Invite Members" | "Edit Group" | "Delete Group" | "Leave Group") {
    await expect(this.menu).toHaveAttribute("aria-expanded", "false");
    await this.menu.click();
    await expect(this.menu).toHaveAttribute("aria-expanded", "true");
    await this.page.getByRole("menuitem", { name: item }).click({ timeout: 10_000 });
  }

  dialog() {
    return this.page.getByRole("dialog");
  }
}

/** /group-profile/{groupId}. */
export class GroupProfilePage {
  readonly link: Locator;
  readonly qrCode: Locator;
  readonly copyLink: Locator;
  readonly shareLink: Locator;
  readonly note: Locator;
  readonly resetLink: Locator;
  readonly editForm: GroupForm;
  readonly update: Locator;
  readonly members: Locator;

  constructor(readonly page: Page) {
    this.link = page.getByRole("textbox", { name: "Invitation link" });
    this.qrCode = page.getByRole("img", { name: "QR code of the invitation link" });
    this.copyLink = page.getByRole("button", { name: /^(Copy Link|Copied!)$/ });
    this.shareLink = page.getByRole("button", { name: "Share Link" });
    this.note = page.getByText("Note: Anyone sent this link would be able to join this group.");
    this.resetLink = page.getByRole("button", { name: "Reset Link" });
    const edit = page.getByRole("region", { name: "Edit Group" });
    this.editForm = new GroupForm(page, edit);
    this.update = edit.getByRole("button", { name: "Update" });
    this.members = page.getByRole("region", { name: /^Members/ }).getByRole("listitem");
  }

  async open(groupId: string) {
    await this.page.goto(`/group-profile/${groupId}`);
    await expect(this.link).toBeVisible();
  }

  member(name: string) {
    return this.members.filter({ has: this.page.getByRole("link", { name, exact: true }) });
  }
}

/** The group profile's Group dilemmas: propose one, and the pending list (decision 0077). */
export class GroupDilemmas {
  readonly section: Locator;
  readonly question: Locator;
  readonly optionA: Locator;
  readonly optionB: Locator;
  readonly propose: Locator;
  readonly autoApprove: Locator;
  readonly proposals: Locator;
  readonly none: Locator;

  constructor(readonly page: Page) {
    this.section = page.getByRole("region", { name: "Group dilemmas" });
    const form = this.section.getByRole("form", { name: "Propose a dilemma" });
    this.question = form.getByLabel("Question");
    this.optionA = form.getByLabel("Option A");
    this.optionB = form.getByLabel("Option B");
    this.propose = form.getByRole("button", { name: "Propose a dilemma" });
    this.autoApprove = this.section.getByRole("checkbox", {
      name: "Approve proposed dilemmas automatically",
    });
    this.proposals = this.section.getByRole("list", { name: "Proposals" }).getByRole("listitem");
    this.none = this.section.getByText("No proposals waiting.");
  }

  async open(groupId: string) {
    await this.page.goto(`/group-profile/${groupId}`);
    await expect(this.section).toBeVisible();
  }

  async proposeDilemma(question: string, optionA: string, optionB: string) {
    await this.question.fill(question);
    await this.optionA.fill(optionA);
    await this.optionB.fill(optionB);
    await this.propose.click();
  }

  proposal(question: string) {
    return this.proposals.filter({ hasText: question });
  }
}

/** /invite/{inviteCode}. */
export class InvitePage {
  readonly join: Locator;
  readonly currentMembers: Locator;

  constructor(readonly page: Page) {
    this.join = page.getByRole("button", { name: "Join Group" });
    this.currentMembers = page.getByRole("heading", { name: "Current Members" });
  }

  heading(name: string) {
    return this.page.getByRole("heading", { level: 1, name });
  }
}

/** The group's id in a /group/{id} or /group-profile/{id} address. */
export function groupIdOf(page: Page) {
  const id = new URL(page.url()).pathname.split("/")[2];
  if (!id) throw new Error(`no group id in ${page.url()}`);
  return id;
}
