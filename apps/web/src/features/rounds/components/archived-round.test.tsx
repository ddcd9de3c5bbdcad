import { revealMessages } from "@eitheror/shared/rounds/reveal";
import { roundMessages } from "@eitheror/shared/rounds/schema";
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "@/lib/query-client";
import { closedRound, closedRoundVotes } from "../../../../test/closed-round";
import { ArchivedRoundPage } from "./archived-round";

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** The closed round r1 of g1 as Ana sees it; each reveal-seen call kept. */
function renderPage(url: string, { revealSeen = false } = {}) {
  const seen: string[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const path = new URL(String(input), window.location.origin).pathname;
    if (path === "/api/groups/g1/rounds/r1") {
      return json({ data: { roundData: { ...closedRound, revealSeen } } });
    }
    if (path === "/api/groups/g1/rounds/r1/votes")
      return json({ data: { votesData: closedRoundVotes } });
    if (path === "/api/groups/g1/rounds/r1/reveal-seen" && init?.method === "PUT") {
      seen.push(path);
      return json({ data: { revealSeen: true } });
    }
    if (path === "/api/rounds/current")
      return json({ data: { roundsData: [], unseenResults: [] } });
    return json({ error: { code: "not_found", message: "Not here" } }, 404);
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[url]}>
        <ArchivedRoundPage groupId="g1" roundId="r1" viewerId="ana" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return seen;
}

/**
 * A member's results card: the results render in a deferred pass after the question,
 * a card or two first and one more in each task after (on a busy machine, a while after).
 */
const card = async (name: string) =>
  within(await screen.findByRole("region", { name: "Results" }, { timeout: 5000 })).findByRole(
    "listitem",
    { name },
    { timeout: 5000 },
  );

describe("ArchivedRoundPage", () => {
  afterEach(() => vi.restoreAllMocks());

  it("marks every prediction right or wrong in words, and says how many read each member right", async () => {
    renderPage("/group/g1/archived-round/r1");
    const ana = await card("Ana");
    expect(within(ana).getByText("1 of 2 read Ana right")).toBeTruthy();
    const line = (text: string) => within(ana).getByText(text).closest("li")?.textContent ?? "";
    expect(line("Ben selected Tea for Ana")).toBe("rightBen selected Tea for Ana");
    expect(line("Cy selected Coffee for Ana")).toBe("wrongCy selected Coffee for Ana");
  });

  it("shows the question first, then every member's results in place of their placeholder", async () => {
    renderPage("/group/g1/archived-round/r1");
    expect(await screen.findByRole("heading", { level: 1, name: "Tea or coffee?" })).toBeTruthy();
    await card("Ana");
    expect(screen.queryByText("Loading the results")).toBeNull();
    expect(
      within(screen.getByRole("region", { name: "Results" })).getAllByRole("listitem").length,
    ).toBeGreaterThan(0);
  });

  it("shows a member who did not submit as 'did not vote', in the cards and in the grid", async () => {
    renderPage("/group/g1/archived-round/r1");
    const dee = await card("Dee");
    expect(within(dee).getByText(roundMessages.didNotVote)).toBeTruthy();
    expect(within(dee).queryByText(/read Dee right/)).toBeNull();
    const grid = screen.getByRole("table");
    const deeRow = within(grid)
      .getByRole("rowheader", { name: /Dee/ })
      .closest("tr") as HTMLElement;
    expect(within(deeRow).getByText(roundMessages.didNotVote)).toBeTruthy();
  });

  it("shows the members × members grid from md up, with each own pick on the diagonal, and the cards on phones", async () => {
    renderPage("/group/g1/archived-round/r1");
    await card("Ana");
    const grid = screen.getByRole("table");
    // Hidden under md (phones get the cards), shown from md up.
    const frame = grid.closest(".hidden") as HTMLElement;
    expect(frame.className).toContain("md:block");
    expect(screen.getByRole("region", { name: "Results" }).className).not.toContain("hidden");
    const anaRow = within(grid)
      .getByRole("rowheader", { name: /Ana/ })
      .closest("tr") as HTMLElement;
    const cells = within(anaRow).getAllByRole("cell");
    expect(cells.map((cell) => cell.textContent)).toEqual([
      `A${revealMessages.ownPick}`,
      "Bright",
      "Bwrong",
      "A",
    ]);
  });

  it("builds every member's card, one after another, and says the results are busy until then", async () => {
    renderPage("/group/g1/archived-round/r1");
    await card("Ana");
    const results = screen.getByRole("region", { name: "Results" });
    await vi.waitFor(() => expect(results.getAttribute("aria-busy")).toBe("false"));
    const names = within(results)
      .getAllByRole("listitem")
      .map((item) => item.getAttribute("aria-label"))
      .filter(Boolean);
    expect(names.toSorted()).toEqual(closedRound.members.map((m) => m.displayName).toSorted());
  });

  it("builds no grid on a phone, where it would not show", async () => {
    vi.spyOn(window, "matchMedia").mockImplementation(
      (query) =>
        ({
          matches: false,
          media: query,
          addEventListener() {},
          removeEventListener() {},
        }) as unknown as MediaQueryList,
    );
    renderPage("/group/g1/archived-round/r1");
    await card("Ana");
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("opens the reveal at once from ?reveal=1 and marks it seen", async () => {
    const seen = renderPage("/group/g1/archived-round/r1?reveal=1");
    const dialog = await screen.findByRole("dialog", { hidden: true });
    expect(within(dialog).getByText("You read 1 of 2 right, +1")).toBeTruthy();
    await vi.waitFor(() => expect(seen).toEqual(["/api/groups/g1/rounds/r1/reveal-seen"]));
  });

  it("replays the reveal on demand, without marking a seen one again", async () => {
    const seen = renderPage("/group/g1/archived-round/r1", { revealSeen: true });
    await card("Ana");
    expect(screen.queryByRole("dialog", { hidden: true })).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: revealMessages.replay }));
    const dialog = await screen.findByRole("dialog", { hidden: true });
    await userEvent.click(within(dialog).getByRole("button", { name: "Skip", hidden: true }));
    expect(screen.queryByRole("dialog", { hidden: true })).toBeNull();
    expect(seen).toEqual([]);
  });
});
