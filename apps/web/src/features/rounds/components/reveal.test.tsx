import { revealMessages } from "@eitheror/shared/rounds/reveal";
import { roundMessages } from "@eitheror/shared/rounds/schema";
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "@/lib/query-client";
import { closedRound, closedRoundVotes, stubReducedMotion } from "../../../../test/closed-round";
import { GroupReveal } from "./group-reveal";
import { RevealDialog } from "./reveal";

function renderReveal(viewerId: string, handlers = { onNext: vi.fn(), onSkip: vi.fn() }) {
  render(
    <RevealDialog
      round={closedRound}
      votes={closedRoundVotes}
      viewerId={viewerId}
      onNext={handlers.onNext}
      onSkip={handlers.onSkip}
    />,
  );
  return { dialog: screen.getByRole("dialog", { hidden: true }), ...handlers };
}

const rowOf = (dialog: HTMLElement, name: string) =>
  within(within(dialog).getByRole("region", { name: revealMessages.ranking, hidden: true }))
    .getAllByRole("listitem", { hidden: true })
    .find((row) => row.textContent?.includes(name)) as HTMLElement;

describe("RevealDialog", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("tells the viewer their points and who read them right", () => {
    const { dialog } = renderReveal("ana");
    expect(within(dialog).getByText("You read 1 of 2 right, +1")).toBeTruthy();
    const readers = within(dialog).getByText("1 of 2 read you right").parentElement;
    expect(readers?.textContent).toBe("1 of 2 read you right: Ben");
  });

  it("shows the question, each member's own pick, and 'did not vote' for one who did not submit", () => {
    const { dialog } = renderReveal("ana");
    expect(
      within(dialog).getByRole("heading", { name: "Tea or coffee?", hidden: true }),
    ).toBeTruthy();
    const choices = within(dialog).getByRole("region", {
      name: revealMessages.howEveryoneChose,
      hidden: true,
    });
    const row = (name: string) =>
      within(choices)
        .getAllByRole("listitem", { hidden: true })
        .find((item) => item.textContent?.includes(name)) as HTMLElement;
    expect(row("Ben").textContent).toContain("B Coffee");
    expect(row("Ben").textContent).toContain(revealMessages.youReadThem);
    expect(row("Cy").textContent).toContain(revealMessages.youMissedThem);
    expect(row("Dee").textContent).toContain(roundMessages.didNotVote);
  });

  it("names who proposed a group's own dilemma, and says nothing for the bank's", () => {
    const { dialog } = renderReveal("ana");
    expect(within(dialog).queryByText(/^Proposed by/)).toBeNull();
    cleanup();
    render(
      <RevealDialog
        round={{ ...closedRound, proposedBy: { id: "ben", displayName: "Ben" } }}
        votes={closedRoundVotes}
        viewerId="ana"
        onNext={vi.fn()}
        onSkip={vi.fn()}
      />,
    );
    const proposed = screen.getByRole("dialog", { hidden: true });
    expect(within(proposed).getByText(roundMessages.proposedBy("Ben"))).toBeTruthy();
  });

  it("says each rank's move in symbols and in words", () => {
    const { dialog } = renderReveal("ana");
    expect(rowOf(dialog, "Ben").textContent).toContain("↑2up 2 places");
    expect(rowOf(dialog, "Ana").textContent).toContain("↑1up 1 place");
    expect(rowOf(dialog, "Dee").textContent).toContain("↓1down 1 place");
    expect(rowOf(dialog, "Cy").textContent).toContain("=no change");
  });

  it("celebrates the top reader, and says so to them", () => {
    const { dialog } = renderReveal("ben");
    expect(within(dialog).getByText("Top reader: Ben")).toBeTruthy();
    expect(within(dialog).getByText(revealMessages.youAreTopReader)).toBeTruthy();
    expect(dialog.querySelectorAll(".motion-safe\\:animate-confetti").length).toBeGreaterThan(0);
  });

  it("moves nothing when the viewer prefers reduced motion", () => {
    vi.stubGlobal("matchMedia", stubReducedMotion(true));
    const { dialog } = renderReveal("ben");
    expect(within(dialog).getByText("Top reader: Ben")).toBeTruthy();
    expect(dialog.className).not.toContain("animate");
    expect(dialog.querySelectorAll("[class*='animate']")).toHaveLength(0);
  });

  it("tells someone who did not vote so, without points", () => {
    const { dialog } = renderReveal("dee");
    expect(within(dialog).getByText(revealMessages.youDidNotVote)).toBeTruthy();
    expect(within(dialog).queryByText(/read you right/)).toBeNull();
  });

  it("Next round goes on, Skip only closes", async () => {
    const { dialog, onNext, onSkip } = renderReveal("ana");
    await userEvent.click(within(dialog).getByRole("button", { name: "Skip", hidden: true }));
    expect(onSkip).toHaveBeenCalledTimes(1);
    await userEvent.click(within(dialog).getByRole("button", { name: "Next round", hidden: true }));
    expect(onNext).toHaveBeenCalledTimes(1);
  });
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/**
 * The group's reveal of round `roundId` (each test its own: a reveal closed in
 * a tab stays closed in it); each reveal-seen call kept, the first `failures` refused.
 */
function serveReveal(roundId: string, { failures = 0 } = {}) {
  const seen: string[] = [];
  const round = { ...closedRound, id: roundId };
  vi.spyOn(globalThis, "fetch").mockImplementation(async (url, init) => {
    const path = new URL(String(url), window.location.origin).pathname;
    if (path === "/api/groups/g1/rounds/reveal") {
      return json({ data: { revealData: { round, votes: closedRoundVotes } } });
    }
    if (path === `/api/groups/g1/rounds/${roundId}/reveal-seen` && init?.method === "PUT") {
      seen.push(path);
      if (seen.length <= failures)
        return json({ error: { code: "unavailable", message: "Down" } }, 503);
      return json({ data: { revealSeen: true } });
    }
    if (path === "/api/rounds/current")
      return json({ data: { roundsData: [], unseenResults: [] } });
    throw new Error(`unexpected call to ${path}`);
  });
  return seen;
}

describe("GroupReveal", () => {
  afterEach(() => vi.restoreAllMocks());

  it("shows the unseen reveal, marks it seen on the server, and Next round closes it", async () => {
    const seen = serveReveal("r1");
    const onClosed = vi.fn();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <GroupReveal groupId="g1" viewerId="ana" onClosed={onClosed} />
      </QueryClientProvider>,
    );
    const dialog = await screen.findByRole("dialog", { hidden: true });
    expect(within(dialog).getByText("You read 1 of 2 right, +1")).toBeTruthy();
    await vi.waitFor(() => expect(seen).toEqual(["/api/groups/g1/rounds/r1/reveal-seen"]));
    await userEvent.click(within(dialog).getByRole("button", { name: "Next round", hidden: true }));
    expect(screen.queryByRole("dialog", { hidden: true })).toBeNull();
    expect(onClosed).toHaveBeenCalledWith("r1");
  });

  it("closes even when the server does not take the mark, and sends it again", async () => {
    const seen = serveReveal("r2", { failures: 1 });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <GroupReveal groupId="g1" viewerId="ana" />
      </QueryClientProvider>,
    );
    const dialog = await screen.findByRole("dialog", { hidden: true });
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    await userEvent.click(within(dialog).getByRole("button", { name: "Skip", hidden: true }));
    expect(screen.queryByRole("dialog", { hidden: true })).toBeNull();
    // Tried again a second later, quietly.
    await vi.waitFor(() => expect(seen).toHaveLength(2), { timeout: 3_000 });
  });
});
