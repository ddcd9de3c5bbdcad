import { groupMessages } from "@eitheror/shared/groups/schema";
import { QueryClientProvider, useMutation } from "@tanstack/react-query";
import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api-client";
import { createQueryClient } from "@/lib/query-client";
import { json } from "../../../../test/member-screens";
import { type GroupClosedState, GroupPage } from "./group-page";

/** Stands in for the browser's EventSource: the test says what the server sent. */
class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = FakeEventSource.OPEN;
  constructor(readonly url: string) {
    super();
    FakeEventSource.opened.push(this);
  }
  send(type: string) {
    this.dispatchEvent(new MessageEvent(type, { data: JSON.stringify({ type }) }));
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
}

const group = {
  id: "g1",
  name: "Friends 🎉",
  maxMembers: 8,
  daysBetweenRounds: 1,
  inviteCode: "code",
  autoApproveDilemmas: false,
  admin: "u-admin",
  members: [
    { id: "u-admin", displayName: "Ana", photoURL: null, admin: true },
    { id: "u-me", displayName: "Dee", photoURL: null, admin: false },
  ],
};

/** The server: the group answers while `stillMember()`, then the usual 404. */
function serverWhere(stillMember: () => boolean) {
  return vi
    .spyOn(globalThis, "fetch")
    .mockImplementation(async () =>
      stillMember()
        ? json(200, { data: { groupData: group } })
        : json(404, { error: { code: "not_found", message: "This group does not exist." } }),
    );
}

/** A panel whose one button makes a call the server refuses as not found (a vote, say). */
function VotePanel() {
  const vote = useMutation({
    mutationFn: async () => {
      throw new ApiError(404, "This group does not exist.", "not_found");
    },
  });
  return (
    <button type="button" onClick={() => vote.mutate()}>
      Vote
    </button>
  );
}

function HomeProbe() {
  const state = useLocation().state as GroupClosedState | null;
  return <p>Home: {state?.groupNotice}</p>;
}

function renderPage(viewerId = "u-me") {
  const panel = () => <VotePanel />;
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={["/group/g1"]}>
        <Routes>
          <Route
            path="/group/:groupId"
            element={
              <GroupPage
                groupId="g1"
                viewerId={viewerId}
                panels={{ current: panel, leaderboard: panel, "past-rounds": panel }}
              />
            }
          />
          <Route path="/home" element={<HomeProbe />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  FakeEventSource.opened = [];
  vi.stubGlobal("EventSource", FakeEventSource);
  vi.useFakeTimers({ shouldAdvanceTime: true });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("GroupPage, when the viewer is no longer a member", () => {
  it("says 'You were removed from {group}' when the live stream ends their membership, then goes home", async () => {
    serverWhere(() => true);
    renderPage();
    await screen.findByRole("heading", { level: 1, name: group.name });
    act(() => FakeEventSource.opened.at(-1)?.send("membership-ended"));

    const said = groupMessages.removedYou(group.name);
    expect((await screen.findByRole("status")).textContent).toContain(said);
    expect(screen.queryByRole("button", { name: "Vote" })).toBeNull();
    expect(screen.getByRole("link", { name: "Back to Home" }).getAttribute("href")).toBe("/home");

    act(() => vi.advanceTimersByTime(2000));
    expect((await screen.findByText(/^Home:/)).textContent).toBe(`Home: ${said}`);
  });

  it("says so when a call is refused as not found and the group no longer answers", async () => {
    let member = true;
    serverWhere(() => member);
    renderPage();
    await screen.findByRole("heading", { level: 1, name: group.name });
    // Removed while the stream was away: nothing told the page.
    member = false;
    await userEvent.click(screen.getByRole("button", { name: "Vote" }));

    const status = await screen.findByRole("status");
    expect(status.textContent).toContain(groupMessages.noLongerMember(group.name));
    expect(status.textContent).toContain(groupMessages.noLongerMemberWhy);
    expect(screen.queryByText("This group does not exist.")).toBeNull();
  });

  it("takes the viewer's own Leave for what it is, though the stream ends before the answer", async () => {
    let answerLeave: (() => void) | undefined;
    vi.spyOn(globalThis, "fetch").mockImplementation(async (_url, init) => {
      if (init?.method !== "POST") return json(200, { data: { groupData: group } });
      // The stream's membership-ended arrives while the Leave call waits for its answer.
      await new Promise<void>((resolve) => {
        answerLeave = resolve;
      });
      return json(200, { data: {} });
    });
    renderPage();
    await screen.findByRole("heading", { level: 1, name: group.name });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(screen.getByRole("button", { name: "Group actions" }));
    await user.click(await screen.findByRole("menuitem", { name: "Leave Group" }));
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: "Leave Group" }));
    await vi.waitFor(() => expect(answerLeave).toBeTypeOf("function"));
    act(() => FakeEventSource.opened.at(-1)?.send("membership-ended"));
    expect(screen.queryByText(groupMessages.removedYou(group.name))).toBeNull();
    await act(async () => answerLeave?.());

    expect((await screen.findByRole("status")).textContent).toContain(groupMessages.left);
  });
});

describe("GroupPage, deleting", () => {
  afterEach(() => vi.restoreAllMocks());

  it("the confirmation keeps the product's question and names the group and what goes with it", async () => {
    vi.stubGlobal("EventSource", FakeEventSource);
    serverWhere(() => true);
    renderPage("u-admin");
    await screen.findByRole("heading", { level: 1, name: group.name });
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Group actions" }));
    await user.click(await screen.findByRole("menuitem", { name: "Delete Group" }));

    const dialog = await screen.findByRole("dialog", { name: groupMessages.confirmDelete });
    const details = document.getElementById(dialog.getAttribute("aria-describedby") ?? "");
    expect(details?.textContent).toContain(group.name);
    expect(details?.textContent).toContain(groupMessages.deleteLoses);
  });
});
