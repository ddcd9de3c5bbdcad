import { groupMessages, type Invitation as InvitationData } from "@eitheror/shared/groups/schema";
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "@/lib/query-client";
import { Invitation } from "./invitation";

const invitation = (changes: Partial<InvitationData>): InvitationData => ({
  id: "g1",
  name: "Friday Club",
  members: [{ id: "ada", displayName: "Ada", photoURL: null, admin: true }],
  memberCount: 1,
  maxMembers: 8,
  isFull: false,
  isMember: false,
  wasRemoved: false,
  ...changes,
});

function renderInvitation(answer: InvitationData) {
  vi.spyOn(globalThis, "fetch").mockImplementation(async (url) => {
    const path = new URL(String(url), window.location.origin).pathname;
    if (path !== "/api/groups/invite/code-1") throw new Error(`unexpected call to ${path}`);
    return new Response(JSON.stringify({ data: { groupData: answer } }), {
      headers: { "content-type": "application/json" },
    });
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <Invitation inviteCode="code-1" hasSession signedIn onSignInFirst={() => {}} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe("Invitation", () => {
  afterEach(() => vi.restoreAllMocks());

  it("offers Join Group", async () => {
    renderInvitation(invitation({}));
    expect(await screen.findByRole("button", { name: "Join Group" })).toBeTruthy();
  });

  it("tells someone the admin removed that this link no longer lets them in, with no Join", async () => {
    renderInvitation(invitation({ wasRemoved: true }));
    expect(await screen.findByText(groupMessages.removedFromGroup)).toBeTruthy();
    expect(screen.getByRole("heading", { level: 1, name: "Friday Club" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Join Group" })).toBeNull();
  });
});
