import { byVotesNeeded, type OpenRoundOfMine } from "@eitheror/shared/rounds/rules";
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "@/lib/query-client";
import { groupCardLinks } from "../../../../test/member-screens";
import { MyGroups } from "./my-groups";

const summary = (id: string, name: string) => ({
  id,
  name,
  maxMembers: 8,
  memberCount: 3,
  daysBetweenRounds: 1,
  admin: "u-other",
});

/** As the server lists them: the one that needs the viewer's votes last. */
const groups = [summary("g1", "Idle"), summary("g2", "Voted"), summary("g3", "Needs you")];
const rounds: Record<string, OpenRoundOfMine> = {
  g2: { dueDate: "2026-11-27T10:00:00.000Z", isSubmitted: true, isParticipant: true },
  g3: { dueDate: "2026-11-30T10:00:00.000Z", isSubmitted: false, isParticipant: true },
};

describe("MyGroups", () => {
  afterEach(() => vi.restoreAllMocks());

  it("lists the groups in the order it is given: home puts those awaiting your votes first", async () => {
    vi.spyOn(globalThis, "fetch").mockImplementation(
      async () =>
        new Response(JSON.stringify({ data: { groupsData: groups } }), {
          headers: { "content-type": "application/json" },
        }),
    );
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <MyGroups
            viewerId="u-me"
            order={(list) => byVotesNeeded(list, (group) => rounds[group.id])}
          />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await screen.findByText("Needs you");
    const cards = groupCardLinks();
    expect(cards).toEqual(["/group/g3", "/group/g2", "/group/g1"]);
  });
});
