import type { GlobalDilemma } from "@eitheror/shared/global-dilemma/schema";
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "@/lib/query-client";
import { seedGlobalDilemma } from "../api/get-global-dilemma";
import { selectionQueryKey } from "../api/get-selection";

const today: GlobalDilemma = {
  id: "d2",
  day: "2026-11-23",
  dilemma: "Sea or mountains?",
  optionA: "Sea",
  optionB: "Mountains",
  countA: 2,
  countB: 1,
};
const yesterday: GlobalDilemma = {
  ...today,
  id: "d1",
  day: "2026-11-22",
  dilemma: "Tea or coffee?",
};

/** The part's code is fetched anew for each test: on a busy machine that takes more than a second. */
const arrival = { timeout: 15_000 };

/** Under the split of a viewer who chose, with what the page brought about yesterday. */
async function renderAfterChoice(yesterdayDilemma: GlobalDilemma | null) {
  // Its own copy, whose code on demand has not arrived yet.
  const { AfterChoice } = await import("./after-choice");
  // Everything it needs is here already: no call may leave.
  vi.spyOn(globalThis, "fetch").mockRejectedValue(new Error("no call expected"));
  const client = createQueryClient();
  seedGlobalDilemma(client, { globalDilemma: today, yesterdayDilemma });
  client.setQueryData(selectionQueryKey(today.id), {
    globalDilemmaData: today,
    globalDilemmaSelection: { optionSelected: "A" },
    streak: { days: 1, chosenToday: true },
  });
  render(
    <QueryClientProvider client={client}>
      <AfterChoice dilemmaId={today.id} headingLevel="h2" />
    </QueryClientProvider>,
  );
}

describe("AfterChoice", () => {
  beforeEach(() => vi.resetModules());
  afterEach(() => vi.restoreAllMocks());

  it("keeps no place for yesterday's result when there was none: nothing opens and closes", async () => {
    await renderAfterChoice(null);
    // While its code arrives: the streak line's place only.
    expect(screen.getByText("Loading your streak")).toBeTruthy();
    expect(screen.queryByText(/yesterday/i)).toBeNull();
    expect(
      await screen.findByText("Day 1 of your streak. Come back tomorrow!", {}, arrival),
    ).toBeTruthy();
    expect(screen.queryByRole("region")).toBeNull();
  });

  it("keeps its place when there was one, and shows it there", async () => {
    await renderAfterChoice(yesterday);
    expect(screen.getByText("Loading yesterday's result and your streak")).toBeTruthy();
    expect(await screen.findByRole("heading", { name: "Tea or coffee?" }, arrival)).toBeTruthy();
  });
});
