import { type CurrentRound, roundMessages } from "@eitheror/shared/rounds/schema";
import { QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "@/lib/query-client";
import { setOnline } from "../../../../test/network";
import { CurrentRoundTab, participantsOf } from "./current-round";
import type { RoundMember } from "./member-status";

const member = (id: string, displayName: string): RoundMember => ({
  id,
  displayName,
  photoURL: null,
});
/** The group's members in the group's order; the viewer is Cy, neither first nor last. */
const members = [member("ada", "Ada"), member("bo", "Bo"), member("cy", "Cy"), member("di", "Di")];

const round = (status: Record<string, boolean>, isParticipant = true): CurrentRound => ({
  roundId: "r1",
  groupId: "g1",
  dilemma: "Tea or coffee?",
  optionA: "Tea",
  optionB: "Coffee",
  startDate: "2026-11-01T10:00:00.000Z",
  dueDate: "2099-11-08T10:00:00.000Z",
  membersSubmissionStatus: status,
  isParticipant,
  votes: [],
});

describe("participantsOf", () => {
  it("puts the caller first, then the others in the group's order", () => {
    const open = round({ di: false, bo: true, cy: false, ada: false });
    expect(participantsOf(open, members, "cy").map((p) => p.id)).toEqual(["cy", "ada", "bo", "di"]);
  });

  it("keeps to the round's participants and names one who left the group", () => {
    const open = round({ gone: true, cy: false, ada: false });
    expect(participantsOf(open, members, "cy")).toEqual([
      member("cy", "Cy"),
      member("ada", "Ada"),
      { id: "gone", displayName: "Former member", photoURL: null },
    ]);
  });
});

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });

/**
 * The tab's reads, answered here: an open round in g1 (or `current`'s
 * failure) and no reveal; nothing at all while the browser is offline. Any
 * other call fails the test: the round's answer alone says whether the group
 * has one.
 */
function renderTab(
  open: CurrentRound,
  current?: { status: number; body: unknown },
  afterSubmit?: ReactNode,
) {
  vi.spyOn(globalThis, "fetch").mockImplementation(async (url, init) => {
    if (!navigator.onLine) throw new TypeError("Failed to fetch");
    const path = new URL(String(url), window.location.origin).pathname;
    if (path === "/api/groups/g1/rounds/reveal") return json({ data: { revealData: null } });
    if (path === "/api/groups/g1/rounds/r1/submit-votes")
      return json({ data: { roundClosed: false } });
    if (path === "/api/groups/g1/rounds/r1/vote") {
      const body = JSON.parse(String(init?.body));
      return json({ data: { vote: { selectedBy: "cy", comments: null, isRight: null, ...body } } });
    }
    if (path === "/api/groups/g1/rounds/current") {
      if (!current) return json({ data: { dilemmaData: open } });
      return new Response(JSON.stringify(current.body), {
        status: current.status,
        headers: { "content-type": "application/json" },
      });
    }
    throw new Error(`unexpected call to ${path}`);
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <CurrentRoundTab
          groupId="g1"
          members={members}
          viewerId="cy"
          noRound={<p>No round</p>}
          waiting={<p>Waiting for a friend</p>}
          afterSubmit={afterSubmit}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe("CurrentRoundTab", () => {
  afterEach(() => {
    // Unmounted first: coming back online would have the screen ask again.
    cleanup();
    setOnline(true);
    vi.restoreAllMocks();
  });

  it("offline, says so with Try again (never 'no round yet'), and shows the round once back online", async () => {
    setOnline(false);
    renderTab(round({ ada: false, bo: true, cy: false, di: false }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain(
      "We could not load the round. You are offline. Check your connection and try again.",
    );
    expect(within(alert).getByRole("button", { name: "Try again" })).toBeTruthy();
    expect(screen.queryByText("No round")).toBeNull();

    act(() => setOnline(true));
    expect(await screen.findByRole("heading", { name: "Your votes" })).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("shows the caller's own voting card first, labelled '(You)', then the others", async () => {
    renderTab(round({ ada: false, bo: true, cy: false, di: false }));
    const heading = await screen.findByRole("heading", { name: "Your votes" });
    const ballot = heading.nextElementSibling as HTMLElement;
    // The first cards come with the question, the others one a task after.
    await vi.waitFor(() =>
      expect(heading.closest("section")?.getAttribute("aria-busy")).toBe("false"),
    );
    const cards = within(ballot).getAllByRole("listitem");
    expect(cards.map((card) => card.getAttribute("aria-label"))).toEqual([
      "Cy (You)",
      "Ada",
      "Bo",
      "Di",
    ]);
    expect(within(cards[0] as HTMLElement).getByRole("heading").textContent).toBe("Cy(You)");
    expect(screen.getAllByText("(You)")).toHaveLength(1);
  });

  it("shows what a group without a round yet shows when the answer says round_not_started", async () => {
    renderTab(round({ cy: false }), {
      status: 404,
      body: { error: { code: "round_not_started", message: "This group has no round yet." } },
    });
    expect(await screen.findByText("No round")).toBeTruthy();
  });

  it("explains no_dilemma_left, a 404 too, instead of hiding it", async () => {
    renderTab(round({ cy: false }), {
      status: 404,
      body: { error: { code: "no_dilemma_left", message: "Said the server" } },
    });
    expect(await screen.findByText(roundMessages.noDilemmaLeft)).toBeTruthy();
    expect(screen.queryByText("No round")).toBeNull();
  });

  it("shows the waiting state, not the first round's start, to a group that played and is down to one", async () => {
    renderTab(round({ cy: false }), {
      status: 404,
      body: { error: { code: "waiting_for_members", message: "Said the server" } },
    });
    expect(await screen.findByText("Waiting for a friend")).toBeTruthy();
    expect(screen.queryByText("No round")).toBeNull();
    expect(screen.queryByText(/could not load/)).toBeNull();
  });

  it("shows someone back during the round they left why they cannot vote, and no voting cards", async () => {
    renderTab(round({ ada: false, bo: true, di: false }, false));
    expect(await screen.findByText(roundMessages.sittingOut)).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Your votes" })).toBeNull();
    expect(screen.getByText("Done (1)")).toBeTruthy();
    expect(screen.getByText("Waiting for (2)")).toBeTruthy();
  });

  it("with picks missing, marks and focuses the first card without one, and clears all once picked", async () => {
    const user = userEvent.setup();
    const picked = (selectedFor: string) => ({
      selectedBy: "cy",
      selectedFor,
      optionSelected: "A" as const,
      comments: null,
      isRight: null,
    });
    renderTab({
      ...round({ cy: false, ada: false, bo: false, di: false }),
      votes: [picked("cy"), picked("ada")],
    });
    const card = async (name: string) => screen.findByRole("listitem", { name });
    const flagged = async (name: string) =>
      (await card(name)).querySelector("fieldset")?.getAttribute("aria-invalid") === "true";

    const scrolled: Element[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    expect(await screen.findByText("2 of 4 picked")).toBeTruthy();
    await user.click(await screen.findByRole("button", { name: "Submit Votes" }));
    expect(screen.getByRole("alert").textContent).toBe(roundMessages.votesMissing);
    const bo = await card("Bo");
    // The first card without a pick is scrolled to.
    expect(scrolled).toEqual([bo]);
    expect(await flagged("Bo")).toBe(true);
    expect(await flagged("Di")).toBe(true);
    expect(await flagged("Ada")).toBe(false);
    expect(within(bo).getByText(roundMessages.pickMissing)).toBeTruthy();
    // The first card without a pick has the focus, on its A.
    expect(document.activeElement).toBe(within(bo).getAllByRole("button")[0]);

    await user.click(within(bo).getByRole("button", { name: /^B\b/ }));
    await vi.waitFor(async () => expect(await flagged("Bo")).toBe(false));
    expect(screen.getByRole("alert").textContent).toBe(roundMessages.votesMissing);
    await user.click(within(await card("Di")).getByRole("button", { name: /^A\b/ }));
    await vi.waitFor(() => expect(screen.queryByRole("alert")).toBeNull());
    expect(screen.getByText("4 of 4 picked")).toBeTruthy();
    expect(await flagged("Di")).toBe(false);
    expect(screen.queryByText(roundMessages.pickMissing)).toBeNull();
  });

  it("offers what comes after a submit (the push opt-in) only once the viewer has submitted", async () => {
    const user = userEvent.setup();
    const everyone = ["cy", "ada", "bo", "di"].map((selectedFor) => ({
      selectedBy: "cy",
      selectedFor,
      optionSelected: "A" as const,
      comments: null,
      isRight: null,
    }));
    renderTab(
      { ...round({ cy: false, ada: false, bo: false, di: false }), votes: everyone },
      undefined,
      <p>Get a nudge</p>,
    );
    await user.click(await screen.findByRole("button", { name: "Submit Votes" }));
    expect(screen.queryByText("Get a nudge")).toBeNull();
    const confirm = await screen.findByRole("dialog");
    await user.click(within(confirm).getByRole("button", { name: "Submit Votes" }));
    expect(await screen.findByText("Get a nudge")).toBeTruthy();
  });
});
