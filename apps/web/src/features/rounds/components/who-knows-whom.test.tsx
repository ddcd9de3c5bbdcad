import type { WhoKnowsWhom } from "@eitheror/shared/who-knows-whom/schema";
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "@/lib/query-client";
import { WhoKnowsWhomSection } from "./who-knows-whom";

const person = (id: string, displayName: string | null) => ({
  id,
  displayName,
  photoURL: null,
  mostPredictable: null,
  bestReader: null,
});

/**
 * Ana (the viewer) and Ben played two rounds, Cy one with each; Dee joined since.
 * The answer lists them in the order they joined, Ana third; the page puts her
 * first, her row and her column alike.
 */
const played: WhoKnowsWhom = {
  groupId: "g1",
  closedRounds: 2,
  members: [
    {
      ...person("ben", "Ben"),
      mostPredictable: { memberId: "ana", right: 2, tries: 2 },
      bestReader: { memberId: "cy", right: 1, tries: 1 },
    },
    person("cy", "Cy"),
    {
      ...person("ana", "Ana Admin"),
      mostPredictable: { memberId: "ben", right: 1, tries: 2 },
      bestReader: { memberId: "ben", right: 2, tries: 2 },
    },
    person("dee", null),
  ],
  // Rows guessed, columns guessed about: Ben, Cy, Ana, Dee.
  right: [
    [0, 0, 2, 0],
    [1, 0, 0, 0],
    [1, 0, 0, 0],
    [0, 0, 0, 0],
  ],
  tries: [
    [0, 1, 2, 0],
    [1, 0, 0, 0],
    [2, 0, 0, 0],
    [0, 0, 0, 0],
  ],
};

function renderSection(answer: { status: number; body: unknown }) {
  vi.spyOn(globalThis, "fetch").mockImplementation(async (url) => {
    const path = new URL(String(url), window.location.origin).pathname;
    if (path !== "/api/groups/g1/who-knows-whom") throw new Error(`unexpected call to ${path}`);
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { "content-type": "application/json" },
    });
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <WhoKnowsWhomSection groupId="g1" viewerId="ana" memberCount={4} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The text of the cell where `row` (who guessed) meets `column` (about whom). */
function cell(row: string, column: string) {
  const table = screen.getByRole("table");
  const columns = within(table).getAllByRole("columnheader");
  const index = columns.findIndex((header) => header.textContent?.includes(column));
  const line = within(table)
    .getByRole("rowheader", { name: new RegExp(`^${row}`) })
    .closest("tr");
  if (!line || index < 0) throw new Error(`no cell ${row} × ${column}`);
  return line.children[index]?.textContent;
}

describe("WhoKnowsWhomSection", () => {
  afterEach(() => vi.restoreAllMocks());

  it("shows a skeleton, then the grid as a table that scrolls in a named region", async () => {
    renderSection({ status: 200, body: { data: { whoKnowsWhomData: played } } });
    expect(screen.getByText("Loading who knows whom")).toBeTruthy();
    const table = await screen.findByRole("table", { name: /Right guesses of each member/ });
    const region = screen.getByRole("region", { name: "Who knows whom grid" });
    expect(region.contains(table)).toBe(true);
    expect(region.getAttribute("tabindex")).toBe("0");
    // Named as a screen reader says them (no initials), the viewer first.
    const names = ["Ana Admin (You)", "Ben", "Cy", "Member"];
    const headers = within(table).getAllByRole("rowheader");
    names.forEach((name, index) => {
      expect(headers[index]).toBe(within(table).getByRole("rowheader", { name }));
      const column = name.replace(" (You)", "");
      expect(within(table).getByRole("columnheader", { name: column })).toBeTruthy();
    });
    expect(screen.getByText(/over 2 finished rounds/)).toBeTruthy();
  });

  it("gives counts with a share, '—' for a pair who never played, and no cell of oneself", async () => {
    renderSection({ status: 200, body: { data: { whoKnowsWhomData: played } } });
    await screen.findByRole("table");
    expect(cell("Ana", "Ben")).toBe("1 of 2 50%");
    expect(cell("Ben", "Ana")).toBe("2 of 2 100%");
    expect(cell("Ben", "Cy")).toBe("0 of 1 0%");
    expect(cell("Cy", "Ben")).toBe("1 of 1 100%");
    expect(cell("Ana", "Cy")).toBe("—no rounds together yet");
    expect(cell("Member", "Ana")).toBe("—no rounds together yet");
    expect(cell("Ben", "Ben")).toContain("not applicable");
  });

  it("names each member's most predictable and best reader with the counts, or nobody", async () => {
    renderSection({ status: 200, body: { data: { whoKnowsWhomData: played } } });
    const figures = await screen.findByRole("list", { name: "Each member's figures" });
    const [ana, ben, cy] = ["Ana Admin", "Ben", "Cy"].map((name) =>
      within(figures).getByRole("listitem", { name }),
    );
    expect(ana?.textContent).toContain("Most predictableBen — 1 of 2");
    expect(ana?.textContent).toContain("Best readerBen — 2 of 2");
    expect(ben?.textContent).toContain("Most predictableAna Admin — 2 of 2");
    expect(ben?.textContent).toContain("Best readerCy — 1 of 1");
    expect(cy?.textContent).toContain("Most predictableNobody yet");
    expect(cy?.textContent).toContain("Best readerNobody yet");
  });

  it("invites to play when no round has closed yet", async () => {
    const zeros = played.members.map(() => played.members.map(() => 0));
    const none = {
      ...played,
      closedRounds: 0,
      right: zeros,
      tries: zeros,
      members: played.members.map((m) => person(m.id, m.displayName)),
    };
    renderSection({ status: 200, body: { data: { whoKnowsWhomData: none } } });
    expect(await screen.findByText("Play a round to see who reads whom.")).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("says a failure in place", async () => {
    const body = { error: { code: "forbidden", message: "Not for you." } };
    renderSection({ status: 403, body });
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("We could not load who knows whom.");
  });
});
