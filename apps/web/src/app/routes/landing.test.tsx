import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "@/lib/query-client";
import { groupRow, json, signInAda } from "../../../test/member-screens";
import { LandingRoute } from "./landing";

const PITCH = "Think you know your friends?";

/** The server: two groups, the second awaiting the viewer's votes; today's dilemma is not the point. */
function server() {
  vi.spyOn(globalThis, "fetch").mockImplementation(async (url) => {
    const path = new URL(String(url), window.location.origin).pathname;
    if (path === "/api/groups")
      return json(200, {
        data: { groupsData: [groupRow("g1", "Idle Club"), groupRow("g2", "Tea 🍵")] },
      });
    if (path === "/api/rounds/current") {
      const open = { roundId: "r1", groupId: "g2", dueDate: "2099-01-01T00:00:00.000Z" };
      return json(200, {
        data: {
          roundsData: [{ ...open, isSubmitted: false, isParticipant: true }],
          unseenResults: [{ groupId: "g1", roundId: "r0" }],
        },
      });
    }
    return json(404, { error: { code: "not_found", message: "Not here." } });
  });
}

function renderLanding(user: { isAnonymous: boolean; name: string | null }) {
  const queryClient = createQueryClient();
  signInAda(queryClient, user);
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <LandingRoute />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe("LandingRoute", () => {
  afterEach(() => vi.restoreAllMocks());

  it("shows a signed-in member their groups, awaiting votes first, instead of the pitch", async () => {
    server();
    renderLanding({ isAnonymous: false, name: "Ada" });
    const section = await screen.findByRole("region", { name: "Your groups" }, { timeout: 20_000 });
    expect(screen.queryByText(PITCH)).toBeNull();
    await screen.findByText("Awaiting your votes");
    // The group whose results the viewer has not seen says so.
    const idle = within(section).getByText("Idle Club").closest("a") as HTMLElement;
    expect(idle.textContent).toContain("Results are in");
    const links = [...section.querySelectorAll("a")].map((link) => link.getAttribute("href"));
    expect(links).toEqual(["/group/g2", "/group/g1", "/home"]);
    // Its code loads on demand, the first time in a test worker slowly.
  }, 30_000);

  it("shows a guest the pitch", async () => {
    server();
    renderLanding({ isAnonymous: true, name: null });
    expect(await screen.findByText(PITCH)).toBeTruthy();
    expect(screen.queryByRole("region", { name: "Your groups" })).toBeNull();
  });
});
