import type { Page } from "@playwright/test";
import { RoundTabs } from "./pages/round-pages";
import { expect, test } from "./support/fixtures";
import { createGroup, inviteLinkOf, joinByLink } from "./support/groups";
import { voteAndSubmit } from "./support/round-api";
import { expectScreen, shoot } from "./support/screens";

const GROUP = "Mind Readers";
const ANN = "Ann Admin";
const BEN = "Ben Second";
const CY = "Cy Third";

test.describe("who knows whom", () => {
  test.describe.configure({ timeout: 450_000 });

  test("three people play two rounds and read the grid on the leaderboard, live", async ({
    page,
    otherBrowserPage: benPage,
    // Cy: a third person on the same kind of device.
    thirdBrowserPage: cyPage,
    people,
  }, testInfo) => {
    await Promise.all([
      people.signIn(page, ANN),
      people.signIn(benPage, BEN),
      people.signIn(cyPage, CY),
    ]);
    const groupId = await createGroup(page, GROUP, "5", "1");
    const link = await inviteLinkOf(page, groupId);
    await Promise.all([joinByLink(benPage, link, GROUP), joinByLink(cyPage, link, GROUP)]);
    const ann = new RoundTabs(page);
    await ann.open(groupId);
    await ann.startFirstRound.click();
    await expect(ann.votesDue).toBeVisible();

    // Before any round closed: the grid's place invites to play.
    await ann.open(groupId, "leaderboard");
    const section = page.getByRole("region", { name: "Who knows whom", exact: true });
    await expect(section).toContainText("Play a round to see who reads whom.");
    await shoot(page, "who-knows-whom-empty");

    // Round 1 (docs/game-rules.md#points): Ann A, Ben B, Cy A, everyone submits.
    // Ann's page stays on the leaderboard: the grid follows the closing by itself.
    await voteAndSubmit(page, groupId, { [ANN]: "A", [BEN]: "B", [CY]: "B" });
    await voteAndSubmit(benPage, groupId, { [ANN]: "A", [BEN]: "B", [CY]: "A" });
    expect(await voteAndSubmit(cyPage, groupId, { [ANN]: "B", [BEN]: "B", [CY]: "A" })).toEqual({
      roundClosed: true,
    });
    const gridOn = (on: Page) => on.getByRole("table", { name: /Right guesses of each member/ });
    const grid = gridOn(page);
    /** Where the row of `by` (who guessed) meets the column of `about`, on `on`'s grid. */
    const cellOn = async (on: Page, by: string, about: string) => {
      const column = await gridOn(on).evaluate(
        (table, name) =>
          Array.from(table.querySelectorAll("thead th")).findIndex((th) =>
            th.textContent?.includes(name),
          ),
        about,
      );
      const row = gridOn(on)
        .getByRole("row")
        .filter({ has: on.getByRole("rowheader", { name: by }) });
      return row.getByRole("cell").nth(column - 1);
    };
    const cell = (by: string, about: string) => cellOn(page, by, about);
    await expect(section).toContainText("over 1 finished round");
    await expect(await cell(ANN, BEN)).toHaveText("1 of 1 100%");
    await expect(await cell(CY, ANN)).toHaveText("0 of 1 0%");

    // Round 2: Ann A, Ben A, Cy B, everyone submits.
    await voteAndSubmit(page, groupId, { [ANN]: "A", [BEN]: "A", [CY]: "A" });
    await voteAndSubmit(benPage, groupId, { [ANN]: "A", [BEN]: "A", [CY]: "B" });
    await voteAndSubmit(cyPage, groupId, { [ANN]: "A", [BEN]: "B", [CY]: "B" });
    await expect(section).toContainText("over 2 finished rounds");
    const expected: [string, string, string][] = [
      [ANN, BEN, "2 of 2 100%"],
      [ANN, CY, "0 of 2 0%"],
      [BEN, ANN, "2 of 2 100%"],
      [BEN, CY, "2 of 2 100%"],
      [CY, ANN, "1 of 2 50%"],
      [CY, BEN, "1 of 2 50%"],
    ];
    for (const [by, about, text] of expected) await expect(await cell(by, about)).toHaveText(text);
    await expect(await cell(ANN, ANN)).toContainText("not applicable");
    await expect(grid.getByRole("rowheader").first()).toContainText(`${ANN}(You)`);
    // Ben's page puts Ben first, his row and his column: the same counts meet.
    await new RoundTabs(benPage).open(groupId, "leaderboard");
    await expect(gridOn(benPage).getByRole("rowheader").first()).toContainText(`${BEN}(You)`);
    for (const [by, about, text] of expected) {
      await expect(await cellOn(benPage, by, about)).toHaveText(text);
    }

    // Each one's most predictable and best reader, with the counts behind them.
    const figures = section.getByRole("list", { name: "Each member's figures" });
    const of = (name: string) => figures.getByRole("listitem", { name, exact: true });
    await expect(of(ANN)).toContainText(`Most predictable${BEN} — 2 of 2`);
    await expect(of(ANN)).toContainText(`Best reader${BEN} — 2 of 2`);
    await expect(of(BEN)).toContainText(`Most predictable${ANN} — 2 of 2`);
    await expect(of(CY)).toContainText(`Most predictable${ANN} — 1 of 2`);
    await expect(of(CY)).toContainText(`Best reader${BEN} — 2 of 2`);

    // The grid scrolls in its own region by keyboard; the names stay in view. On a
    // 320 px phone three members are wider than the screen (a desktop has room).
    const region = page.getByRole("region", { name: "Who knows whom grid" });
    const size = page.viewportSize();
    if (testInfo.project.name === "phone" && size) {
      await page.setViewportSize({ width: 320, height: size.height });
      await region.focus();
      await expect(region).toBeFocused();
      expect(await region.evaluate((node) => node.scrollWidth > node.clientWidth)).toBe(true);
      for (let step = 0; step < 6; step += 1) await page.keyboard.press("ArrowRight");
      await expect.poll(() => region.evaluate((node) => node.scrollLeft)).toBeGreaterThan(0);
      const name = grid.getByRole("rowheader").nth(1);
      const [box, frame] = [await name.boundingBox(), await region.boundingBox()];
      expect(box && frame && Math.abs(box.x - frame.x)).toBeLessThan(2);
      await expect(grid.getByRole("rowheader").nth(1)).toBeInViewport();
      await page.setViewportSize(size);
      await region.blur();
      await shoot(page, "who-knows-whom-scrolled");
      await region.evaluate((node) => node.scrollTo({ left: 0 }));
    } else {
      expect(await region.evaluate((node) => node.scrollWidth <= node.clientWidth)).toBe(true);
    }
    await expectScreen(page, GROUP);
  });
});
