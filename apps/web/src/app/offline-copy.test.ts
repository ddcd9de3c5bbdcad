import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { sessionQueryKey } from "@/features/auth/api/get-session";
import { createQueryClient } from "@/lib/query-client";
import {
  keepOfflineCopy,
  OFFLINE_COPY_KEY,
  readOfflineCopy,
  restoreOfflineCopy,
  writeOfflineCopy,
} from "./offline-copy";

const member = {
  session: { id: "s1", expiresAt: new Date("2026-12-24T10:00:00.000Z") },
  user: {
    id: "u1",
    name: "Olive",
    email: "olive@example.test",
    emailVerified: true,
    isAnonymous: false,
    createdAt: new Date("2026-11-01T10:00:00.000Z"),
  },
};
const groupKey = ["/groups/:id", { id: "g1" }];
const group = { data: { group: { id: "g1", name: "Picnic 🧺" } } };

function signedInClient() {
  const client = createQueryClient();
  client.setQueryData(sessionQueryKey, member);
  return client;
}

beforeEach(() => localStorage.clear());
afterEach(() => localStorage.clear());

describe("the offline copy", () => {
  it("keeps a member's reads and puts them back, the session's times as Dates again", async () => {
    const before = signedInClient();
    before.setQueryData(groupKey, group, { updatedAt: 1_000 });
    writeOfflineCopy(before);

    const after = createQueryClient();
    await restoreOfflineCopy(after);
    expect(after.getQueryData(groupKey)).toEqual(group);
    expect(after.getQueryState(groupKey)?.dataUpdatedAt).toBe(1_000);
    const session = after.getQueryData<typeof member>(sessionQueryKey);
    expect(session?.session.expiresAt).toBeInstanceOf(Date);
    expect(session?.session.expiresAt.getTime()).toBe(member.session.expiresAt.getTime());
  });

  it("keeps the answers that came in before it started (the first screen's), a second on", () => {
    vi.useFakeTimers();
    try {
      const client = signedInClient();
      client.setQueryData(groupKey, group, { updatedAt: 1_000 });
      keepOfflineCopy(client);
      expect(readOfflineCopy()).toEqual([]);
      vi.advanceTimersByTime(1_000);
      expect(readOfflineCopy().map((entry) => entry.queryKey)).toContainEqual(groupKey);
    } finally {
      vi.useRealTimers();
    }
  });

  it("keeps what an earlier page kept, unless this page has a newer answer", () => {
    const first = signedInClient();
    first.setQueryData(groupKey, group, { updatedAt: 1_000 });
    writeOfflineCopy(first);

    // The next page (a full load) read only the home page's list, and the group again.
    const next = signedInClient();
    const renamed = { data: { group: { id: "g1", name: "Picnic 2" } } };
    next.setQueryData(groupKey, renamed, { updatedAt: 2_000 });
    next.setQueryData(["/groups"], { data: { groups: [] } }, { updatedAt: 2_000 });
    writeOfflineCopy(next);

    const kept = readOfflineCopy();
    expect(kept.filter((entry) => entry.queryKey[0] === "/groups/:id")).toEqual([
      { queryKey: groupKey, data: renamed, updatedAt: 2_000 },
    ]);
    expect(kept.map((entry) => entry.queryKey[0])).toContain("/groups");
  });

  it("never keeps the admin's inbox, and forgets the member's reads once nobody is signed in", () => {
    const client = signedInClient();
    client.setQueryData(["/feedback/inbox", { page: 1 }], { data: { items: [] } });
    client.setQueryData(groupKey, group);
    writeOfflineCopy(client);
    expect(readOfflineCopy().map((entry) => entry.queryKey[0])).not.toContain("/feedback/inbox");
    expect(localStorage.getItem(OFFLINE_COPY_KEY)).toContain("Picnic");

    // Log Out sets the session to null: today's dilemma, the same for everyone, is all that stays.
    client.setQueryData(["/dilemmas/global"], { data: { dilemma: "Tea or coffee?" } });
    client.setQueryData(["/dilemmas/global/:id/selection", { id: "d1" }], {
      data: { chosen: "A" },
    });
    writeOfflineCopy(client);
    client.setQueryData(sessionQueryKey, null);
    writeOfflineCopy(client);
    expect(readOfflineCopy().map((entry) => entry.queryKey)).toEqual([["/dilemmas/global"]]);
  });

  it("is left as it is by a page that does not know its session yet", () => {
    const before = signedInClient();
    before.setQueryData(groupKey, group);
    writeOfflineCopy(before);
    const kept = localStorage.getItem(OFFLINE_COPY_KEY);

    // The next page went offline before its session read came back, and was left.
    const next = createQueryClient();
    next.setQueryData(["/dilemmas/global"], { data: { dilemma: "Tea or coffee?" } });
    writeOfflineCopy(next);
    expect(localStorage.getItem(OFFLINE_COPY_KEY)).toBe(kept);
  });

  it("does not overwrite an answer the page has, nor take a copy it cannot read", async () => {
    localStorage.setItem(
      OFFLINE_COPY_KEY,
      JSON.stringify([
        { queryKey: groupKey, data: group, updatedAt: 1 },
        { queryKey: sessionQueryKey, data: { session: "not a session" }, updatedAt: 1 },
      ]),
    );
    const client = createQueryClient();
    const fresh = { data: { group: { id: "g1", name: "Fresh" } } };
    client.setQueryData(groupKey, fresh);
    await restoreOfflineCopy(client);
    expect(client.getQueryData(groupKey)).toEqual(fresh);
    expect(client.getQueryData(sessionQueryKey)).toBeUndefined();

    localStorage.setItem(OFFLINE_COPY_KEY, "{not json");
    expect(readOfflineCopy()).toEqual([]);
  });

  it("calls off a read still on its way, so its failure does not cover the kept answer", async () => {
    const before = signedInClient();
    before.setQueryData(groupKey, group, { updatedAt: 1_000 });
    writeOfflineCopy(before);

    const client = createQueryClient();
    let fail = (_error: Error) => {};
    const reading = client
      .fetchQuery({
        queryKey: groupKey,
        queryFn: ({ signal }) =>
          new Promise((_resolve, reject) => {
            fail = reject;
            signal.addEventListener("abort", () => reject(signal.reason));
          }),
        retry: false,
      })
      .catch(() => undefined);
    await restoreOfflineCopy(client);
    fail(new Error("offline"));
    await reading;
    expect(client.getQueryState(groupKey)).toMatchObject({ status: "success", data: group });
  });

  it("lets the oldest answers go when the copy would outgrow its room", () => {
    const client = signedInClient();
    const big = "x".repeat(300_000);
    for (let i = 0; i < 5; i++) {
      client.setQueryData(["/groups/:id", { id: `g${i}` }], { big }, { updatedAt: 10 + i });
    }
    writeOfflineCopy(client);
    const kept = readOfflineCopy().map((entry) => (entry.queryKey[1] as { id?: string })?.id);
    expect(kept.length).toBeLessThan(5);
    expect(kept).toContain("g4");
    expect(kept).not.toContain("g0");
  });
});
