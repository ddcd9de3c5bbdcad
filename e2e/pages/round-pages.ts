import { expect, type Locator, type Page } from "@playwright/test";

/** The group page's three tabs as the rounds feature fills them. */
export class RoundTabs {
  readonly tabs: Locator;
  readonly startFirstRound: Locator;
  readonly votesDue: Locator;
  readonly submitVotes: Locator;
  readonly submitted: Locator;
  readonly leaderboard: Locator;
  readonly pastRounds: Locator;
  /** Said by an open page when the round it showed closes. */
  readonly roundOver: Locator;
  /** A closed round's results, told once (issue 36): a modal dialog over the Current Round tab. */
  readonly reveal: Locator;

  constructor(readonly page: Page) {
    this.tabs = page.getByRole("tablist", { name: "Rounds" });
    this.startFirstRound = page.getByRole("button", { name: "Start First Round" });
    this.votesDue = page.getByText(/^Votes due in /);
    this.submitVotes = page.getByRole("button", { name: "Submit Votes" }).first();
    this.submitted = page.getByRole("heading", { name: "Votes Submitted!" });
    this.leaderboard = page.getByRole("region", { name: "Leaderboard" });
    this.pastRounds = page.getByRole("region", { name: "Past Rounds" });
    this.roundOver = page.getByRole("status").filter({ hasText: "This round is over." });
    this.reveal = page.getByRole("dialog").filter({ hasText: "The results are in" });
  }

  /**
   * Opens the group page on a tab. On Current Round, a round's results the
   * viewer has not seen show first, over the ballot: they are skipped here
   * (answers whether there were some), unless `keepReveal`. Whether they come is
   * read from the page's own call for the reveal, which it makes as it opens.
   */
  async open(
    groupId: string,
    tab?: "leaderboard" | "past-rounds",
    { keepReveal = false }: { keepReveal?: boolean } = {},
  ): Promise<boolean> {
    const reveal = this.page
      .waitForResponse((response) =>
        response.url().endsWith(`/api/groups/${groupId}/rounds/reveal`),
      )
      .catch(() => null);
    await this.page.goto(`/group/${groupId}${tab ? `?tab=${tab}` : ""}`);
    await expect(this.tabs).toBeVisible();
    if (tab) return false;
    const shown = Boolean((await (await reveal)?.json())?.data.revealData);
    if (shown && !keepReveal) await this.skipReveal();
    return shown;
  }

  async skipReveal() {
    await this.reveal.getByRole("button", { name: "Skip" }).click();
    await expect(this.reveal).toBeHidden();
  }

  tab(name: "Current Round" | "Leaderboard" | "Past Rounds") {
    return this.tabs.getByRole("tab", { name });
  }

  card(name: string) {
    return this.page.getByRole("listitem", { name, exact: false }).filter({
      has: this.page.getByRole("heading", { name }),
    });
  }

  /** Picks A or B for a member and writes a comment (saved when the box loses focus). */
  async vote(name: string, option: "A" | "B", comment?: string) {
    const card = this.card(name);
    const button = card.getByRole("button", { name: new RegExp(`^${option}\\b`) });
    await Promise.all([this.saved(), button.click()]);
    await expect(button).toHaveAttribute("aria-pressed", "true");
    await expect(card.getByText("Saved")).toBeVisible();
    if (comment === undefined) return;
    const box = card.getByLabel("Comments");
    // The box stays behind 'Add a comment' until used.
    const add = card.getByRole("button", { name: "Add a comment" });
    if (await add.isVisible()) await add.click();
    await box.fill(comment);
    await expect(card.getByText(`${comment.length}/1000`)).toBeVisible();
    await Promise.all([this.saved(), box.blur()]);
    await expect(card.getByRole("status").getByText("Saved")).toBeVisible();
  }

  private saved() {
    return this.page.waitForResponse(
      (response) => response.url().endsWith("/vote") && response.request().method() === "POST",
    );
  }

  /**
   * Submit Votes, the confirmation, and the success it leads to (over the
   * reveal when this submit closed the round).
   */
  async submit() {
    await this.submitVotes.click();
    const dialog = this.page.getByRole("dialog");
    await expect(dialog).toContainText("Confirm Vote Submission. This cannot be reversed.");
    await dialog.getByRole("button", { name: "Submit Votes" }).click();
    await expect(this.page.getByText("Successfully submitted votes!")).toBeVisible();
  }
}

/** /group/{groupId}/archived-round/{roundId}. */
export class ArchivedRoundPage {
  readonly results: Locator;
  readonly back: Locator;

  constructor(readonly page: Page) {
    this.results = page.getByRole("region", { name: "Results" });
    this.back = page.getByRole("link", { name: "Back to group" });
  }

  member(name: string) {
    return this.results.getByRole("listitem", { name, exact: true });
  }
}
