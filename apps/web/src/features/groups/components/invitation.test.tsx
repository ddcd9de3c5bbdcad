import { groupMessages } from "@eitheror/shared/groups/schema";
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "@/lib/query-client";
import { joinIntent } from "../utils/join-intent";
import { Invitation } from "./invitation";

const invitation = (isFull = false, wasRemoved = false) => ({
  id: "g1",
  name: "Book Club 📚",
  members: [{ id: "u-ann", displayName: "Ann", photoURL: null, admin: true }],
  memberCount: 1,
  maxMembers: isFull ? 1 : 5,
  isFull,
  isMember: false,
  wasRemoved,
});

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });

/** The server: the invitation, and a Join that works. */
function server({ isFull = false, wasRemoved = false } = {}) {
  return vi
    .spyOn(globalThis, "fetch")
    .mockImplementation(async (_url, init) =>
      (init?.method ?? "GET") === "GET"
        ? json({ data: { groupData: invitation(isFull, wasRemoved) } })
        : json({ data: {} }),
    );
}

const joins = (fetchSpy: { mock: { calls: unknown[][] } }) =>
  fetchSpy.mock.calls.filter((call) => String(call[0]).endsWith("/groups/g1/members/add"));

function renderInvitation({ signedIn = true, joinOnArrival = false } = {}) {
  const onArrivalHandled = vi.fn();
  const onSignInFirst = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={["/invite/code-1"]}>
        <Routes>
          <Route
            path="/invite/:code"
            element={
              <Invitation
                inviteCode="code-1"
                hasSession
                signedIn={signedIn}
                joinOnArrival={joinOnArrival}
                onArrivalHandled={onArrivalHandled}
                onSignInFirst={onSignInFirst}
              />
            }
          />
          <Route path="/group/:id" element={<h1>The group</h1>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { onArrivalHandled, onSignInFirst };
}

describe("Invitation, joining", () => {
  afterEach(() => {
    vi.restoreAllMocks();
    localStorage.clear();
  });

  it("a guest's Join remembers it and goes to sign in, naming the group", async () => {
    server();
    const { onSignInFirst } = renderInvitation({ signedIn: false });
    await userEvent.click(await screen.findByRole("button", { name: "Join Group" }));
    expect(onSignInFirst).toHaveBeenCalledWith("Book Club 📚");
    expect(joinIntent.take("code-1")).toBe(true);
  });

  it("back signed in after that Join, joins at once and lands on the group", async () => {
    const fetchSpy = server();
    joinIntent.remember("code-1");
    const { onArrivalHandled } = renderInvitation({ joinOnArrival: true });
    expect(await screen.findByRole("heading", { name: "The group" })).toBeTruthy();
    expect(joins(fetchSpy)).toHaveLength(1);
    expect(onArrivalHandled).toHaveBeenCalledTimes(1);
    // Used up: the same address again joins nobody by itself.
    expect(joinIntent.take("code-1")).toBe(false);
  });

  it("joins nobody from a ?join=1 link this browser did not ask for", async () => {
    const fetchSpy = server();
    joinIntent.remember("another-code");
    const { onArrivalHandled } = renderInvitation({ joinOnArrival: true });
    expect(await screen.findByRole("button", { name: "Join Group" })).toBeTruthy();
    expect(joins(fetchSpy)).toHaveLength(0);
    expect(onArrivalHandled).toHaveBeenCalledTimes(1);
  });

  it("joins nobody after an hour, and never a full group, which says why", async () => {
    const fetchSpy = server({ isFull: true });
    joinIntent.remember("code-1");
    renderInvitation({ joinOnArrival: true });
    expect((await screen.findByRole("alert")).textContent).toBe(groupMessages.groupFull);
    expect(joins(fetchSpy)).toHaveLength(0);

    joinIntent.remember("code-1", Date.now() - 61 * 60 * 1000);
    expect(joinIntent.take("code-1")).toBe(false);
  });

  it("tells someone the admin removed that this link no longer lets them in, with no Join", async () => {
    const fetchSpy = server({ wasRemoved: true });
    joinIntent.remember("code-1");
    renderInvitation({ joinOnArrival: true });
    expect(await screen.findByText(groupMessages.removedFromGroup)).toBeTruthy();
    expect(screen.getByRole("heading", { level: 1, name: "Book Club 📚" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Join Group" })).toBeNull();
    expect(joins(fetchSpy)).toHaveLength(0);
  });
});
