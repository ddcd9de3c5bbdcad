import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { sessionQueryKey } from "@/features/auth/api/get-session";
import { createQueryClient } from "@/lib/query-client";
import { HomeRoute } from "./home";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

const group = (id: string, name: string) => ({
  id,
  name,
  maxMembers: 8,
  memberCount: 2,
  daysBetweenRounds: 1,
  admin: "u-1",
});

/** The server lists the group awaiting the viewer's votes last, as it did when issue 34 was filed. */
function server() {
  vi.spyOn(globalThis, "fetch").mockImplementation(async (url) => {
    const path = new URL(String(url), window.location.origin).pathname;
    if (path === "/api/groups") {
      const groupsData = [group("g1", "Idle Club"), group("g2", "Voted"), group("g3", "Tea 🍵")];
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
    queryClient.setQueryData(sessionQueryKey, {
      session: { id: "s1", expiresAt: new Date("2099-01-01") },
      user: {
        id: "u-1",
        email: "ada@example.test",
        emailVerified: true,
        isAnonymous: false,
        name: "Ada",
        image: null,
        createdAt: new Date("2026-11-01"),
      },
    });
    render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <HomeRoute />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await screen.findByText("Awaiting your votes");
    const cards = screen
      .getAllByRole("link")
      .map((link) => link.getAttribute("href"))
      .filter((href) => href?.startsWith("/group/"));
    expect(cards).toEqual(["/group/g3", "/group/g2", "/group/g1"]);
  });
});
