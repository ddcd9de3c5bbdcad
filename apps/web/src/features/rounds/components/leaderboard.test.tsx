import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "@/lib/query-client";
import { setOnline } from "../../../../test/network";
import { LeaderboardTab } from "./leaderboard";

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });

/** The tab's reads, answered here while the browser is online; offline, nothing answers. */
function renderTab() {
  vi.spyOn(globalThis, "fetch").mockImplementation(async (url) => {
    if (!navigator.onLine) throw new TypeError("Failed to fetch");
    const path = new URL(String(url), window.location.origin).pathname;
    if (path === "/api/groups/g1/leaderboard") {
      return json({
        data: {
          leaderboardData: [
            { id: "ada", displayName: "Ada", photoURL: null, admin: true, score: 3, rank: 1 },
          ],
        },
      });
    }
    if (path === "/api/groups/g1/who-knows-whom") {
      return json({
        data: {
          whoKnowsWhomData: { groupId: "g1", closedRounds: 0, members: [], right: [], tries: [] },
        },
      });
    }
    throw new Error(`unexpected call to ${path}`);
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <LeaderboardTab groupId="g1" viewerId="ada" memberCount={1} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe("LeaderboardTab", () => {
  afterEach(() => {
    // Unmounted first: coming back online would have the screen ask again.
    cleanup();
    setOnline(true);
    vi.restoreAllMocks();
  });

  it("offline, says so at once with Try again, instead of a skeleton that never ends", async () => {
    setOnline(false);
    renderTab();
    const alert = await screen.findByText(/^We could not load the leaderboard\./);
    expect(alert.textContent).toBe(
      "We could not load the leaderboard. You are offline. Check your connection and try again.",
    );
    expect(screen.queryByText("Loading the leaderboard")).toBeNull();

    // Back online, Try again (the app would also ask again by itself).
    vi.spyOn(navigator, "onLine", "get").mockReturnValue(true);
    const failed = alert.closest('[role="alert"]') as HTMLElement;
    await userEvent.click(within(failed).getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("link", { name: "Ada" })).toBeTruthy();
  });
});
