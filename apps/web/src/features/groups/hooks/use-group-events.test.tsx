import { groupsApi } from "@eitheror/shared/groups/contract";
import type { GroupEvent } from "@eitheror/shared/groups/events";
import { roundsApi } from "@eitheror/shared/rounds/contract";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { operationKey } from "@/lib/api-client";
import { useGroupEvents } from "./use-group-events";

/** Stands in for the browser's EventSource: the test says what the server sent. */
class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;

  constructor(readonly url: string) {
    super();
    FakeEventSource.opened.push(this);
  }

  open() {
    this.readyState = FakeEventSource.OPEN;
    this.dispatchEvent(new Event("open"));
  }

  send(type: string, data: string) {
    this.dispatchEvent(new MessageEvent(type, { data }));
  }

  fail(readyState: number) {
    this.readyState = readyState;
    this.dispatchEvent(new Event("error"));
  }

  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
}

const GROUP = "g1";
const keys = {
  group: operationKey(groupsApi.get, { id: GROUP }),
  currentRound: operationKey(roundsApi.current, { id: GROUP }),
  openRoundsOfMine: operationKey(roundsApi.currentOfMine),
  pastRounds: operationKey(roundsApi.archived, { id: GROUP }),
  leaderboard: operationKey(roundsApi.leaderboard, { id: GROUP }),
  whoKnowsWhom: operationKey(roundsApi.whoKnowsWhom, { id: GROUP }),
  reveal: operationKey(roundsApi.reveal, { id: GROUP }),
  otherGroup: operationKey(groupsApi.get, { id: "g2" }),
};
type Cached = keyof typeof keys;

let queryClient: QueryClient;

beforeEach(() => {
  FakeEventSource.opened = [];
  vi.stubGlobal("EventSource", FakeEventSource);
  queryClient = new QueryClient();
  for (const key of Object.values(keys)) queryClient.setQueryData(key, {});
});

afterEach(() => vi.unstubAllGlobals());

function listen({ enabled = true } = {}) {
  const onRoundClosed = vi.fn();
  const onDeleted = vi.fn();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const hook = renderHook(
    ({ on }) => useGroupEvents(GROUP, { enabled: on, onRoundClosed, onDeleted }),
    { wrapper, initialProps: { on: enabled } },
  );
  const source = FakeEventSource.opened.at(-1);
  act(() => source?.open());
  return { source, hook, onRoundClosed, onDeleted };
}

const stale = () =>
  (Object.keys(keys) as Cached[]).filter(
    (name) => queryClient.getQueryState(keys[name])?.isInvalidated,
  );

function send(source: FakeEventSource | undefined, event: GroupEvent) {
  act(() => source?.send(event.type, JSON.stringify(event)));
}

describe("useGroupEvents", () => {
  it("listens on the group's own stream", () => {
    const { source } = listen();
    expect(source?.url).toBe("/api/groups/g1/events");
  });

  it.each<[GroupEvent, Cached[]]>([
    [{ type: "member-submitted", roundId: "r1", userId: "u2" }, ["currentRound"]],
    [{ type: "members-changed" }, ["group", "whoKnowsWhom"]],
    [
      { type: "round-closed", roundId: "r1", nextRoundId: "r2" },
      ["currentRound", "openRoundsOfMine", "pastRounds", "leaderboard", "whoKnowsWhom", "reveal"],
    ],
    [
      { type: "round-started", roundId: "r1" },
      ["currentRound", "openRoundsOfMine", "pastRounds", "leaderboard"],
    ],
    [{ type: "group-changed" }, ["group"]],
    [{ type: "group-deleted" }, []],
    [{ type: "membership-ended" }, []],
  ])("on %o reads again only %o", (event, expected) => {
    const { source } = listen();
    send(source, event);
    expect(stale()).toEqual(expected);
  });

  it("says which round closed, and that the group is gone", () => {
    const { source, onRoundClosed, onDeleted } = listen();
    send(source, { type: "round-closed", roundId: "r1", nextRoundId: null });
    expect(onRoundClosed).toHaveBeenCalledWith("r1");
    expect(onDeleted).not.toHaveBeenCalled();
    send(source, { type: "group-deleted" });
    expect(onDeleted).toHaveBeenCalledTimes(1);
  });

  it("ignores what does not parse", () => {
    const { source, onRoundClosed } = listen();
    act(() => {
      source?.send("round-closed", "not json");
      source?.send("round-closed", JSON.stringify({ type: "round-closed" }));
      source?.send("message", JSON.stringify({ type: "vote", option: "A" }));
    });
    expect(stale()).toEqual([]);
    expect(onRoundClosed).not.toHaveBeenCalled();
  });

  it("reads the whole page again when a dropped stream is back, not on the first open", () => {
    const { source } = listen();
    expect(stale()).toEqual([]);
    act(() => source?.fail(FakeEventSource.CONNECTING));
    expect(stale()).toEqual([]);
    act(() => source?.open());
    expect(stale()).toEqual(Object.keys(keys).filter((name) => name !== "otherGroup"));
  });

  it.each<GroupEvent>([{ type: "membership-ended" }, { type: "group-deleted" }])(
    "stops listening on %o, so no retry meets a refusal",
    (event) => {
      const { source } = listen();
      send(source, event);
      expect(source?.readyState).toBe(FakeEventSource.CLOSED);
    },
  );

  it("stops at a refused stream and closes on unmount", () => {
    const { source, hook } = listen();
    act(() => source?.fail(FakeEventSource.CLOSED));
    expect(source?.readyState).toBe(FakeEventSource.CLOSED);
    expect(FakeEventSource.opened).toHaveLength(1);

    const second = listen();
    expect(second.source?.readyState).toBe(FakeEventSource.OPEN);
    second.hook.unmount();
    expect(second.source?.readyState).toBe(FakeEventSource.CLOSED);
    hook.unmount();
  });

  it("opens nothing while disabled, and closes when disabled", () => {
    const { hook } = listen({ enabled: false });
    expect(FakeEventSource.opened).toHaveLength(0);
    hook.rerender({ on: true });
    const source = FakeEventSource.opened[0];
    expect(source?.readyState).toBe(FakeEventSource.CONNECTING);
    hook.rerender({ on: false });
    expect(source?.readyState).toBe(FakeEventSource.CLOSED);
  });
});
