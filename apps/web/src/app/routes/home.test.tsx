import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "@/lib/query-client";
import { groupCardLinks, groupRow, json, signInAda } from "../../../test/member-screens";
import { HomeRoute } from "./home";

/** The server lists the group awaiting the viewer's votes last, as it did when issue 34 was filed. */
function server() {
  vi.spyOn(globalThis, "fetch").mockImplementation(async (url) => {
    const path = new URL(String(url), window.location.origin).pathname;
    if (path === "/api/groups") {
      const groupsData = [
        groupRow("g1", "Idle Club"),
        groupRow("g2", "Voted"),
        groupRow("g3", "Tea 🍵"),
      ];
      return json(200, { data: { groupsData } });
    }
    if (path === "/api/rounds/current") {
      const open = (groupId: string, isSubmitted: boolean) => ({
        roundId: `r-${groupId}`,
        groupId,
        dueDate: "2099-01-01T00:00:00.000Z",
        isSubmitted,
        isParticipant: true,
      });
      return json(200, {
        data: { roundsData: [open("g2", true), open("g3", false)], unseenResults: [] },
      });
    }
    return json(404, { error: { code: "not_found", message: "Not here." } });
  });
}

describe("HomeRoute", () => {
  afterEach(() => vi.restoreAllMocks());

  it("lists the groups awaiting the viewer's votes first", async () => {
    server();
    const queryClient = createQueryClient();
    signInAda(queryClient);
    render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <HomeRoute />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await screen.findByText("Awaiting your votes");
    const cards = groupCardLinks();
    expect(cards).toEqual(["/group/g3", "/group/g2", "/group/g1"]);
  });
});
