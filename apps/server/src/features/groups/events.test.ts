// The live group stream over a real socket: who may open it, what it carries
// (never a vote), and that it ends when its reader is no longer a member.
import type { AddressInfo } from "node:net";
import { groupEventSchema } from "@eitheror/shared/groups/events";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app";
import { testDbKind } from "../../../test/db";
import { createSession, createUser } from "../../../test/factories";
import {
  currentRoundId,
  groupWith,
  join,
  type Player,
  rounds,
  voteAll,
} from "../../../test/rounds";
import { buildApp } from "../../app";
import { AUTH_BASE_PATH } from "../../lib/auth/provider";
import { STREAMS_PER_PERSON } from "./service";

type Member = Player & { token: string };
type Seen = { type: string; data: Record<string, unknown> };

const SECRET = "a comment nobody else may read";
let t: TestApp;
let baseUrl: string;

async function member(app: TestApp, name: string, email?: string): Promise<Member> {
  const user = await createUser(app.db, { name, ...(email && { email }) });
  const { token } = await createSession(app.db, user.id);
  const client = (await app.httpClient()).useBearer(token);
  return Object.assign(client, { userId: user.id, name, token });
}

/** An EventSource as the page opens it: every byte kept, the events parsed as they come. */
async function openStream(url: string, token: string, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: {
      ...(token && { authorization: `Bearer ${token}` }),
      accept: "text/event-stream",
      ...headers,
    },
    signal: controller.signal,
  });
  const stream = { raw: "", events: [] as Seen[], ended: false, response };
  const reader = response.body?.getReader();
  const decoder = new TextDecoder();
  const done = (async () => {
    try {
      for (;;) {
        const { value, done: finished } = (await reader?.read()) ?? { done: true };
        if (finished) break;
        stream.raw += decoder.decode(value, { stream: true });
        stream.events = parse(stream.raw);
      }
    } catch {
      // aborted by the test
    }
    stream.ended = true;
  })();
  return {
    get raw() {
      return stream.raw;
    },
    get events() {
      return stream.events;
    },
    get ended() {
      return stream.ended;
    },
    status: response.status,
    headers: response.headers,
    /** Waits (2 s at most) until the stream holds an event that `match` accepts. */
    async next(match: (event: Seen) => boolean, ms = 2000) {
      const deadline = Date.now() + ms;
      while (Date.now() < deadline) {
        const found = stream.events.find(match);
        if (found) return found;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error(`no matching event within ${ms} ms; got: ${stream.raw}`);
    },
    async end(ms = 2000) {
      await Promise.race([done, new Promise((resolve) => setTimeout(resolve, ms))]);
      return stream.ended;
    },
    close() {
      controller.abort();
    },
  };
}

function parse(raw: string): Seen[] {
  const events: Seen[] = [];
  for (const block of raw.split("\n\n")) {
    const type = /^event: (.+)$/m.exec(block)?.[1];
    const data = /^data: (.+)$/m.exec(block)?.[1];
    if (type && data) events.push({ type, data: JSON.parse(data) });
  }
  return events;
}

const eventsUrl = (groupId: string, base = baseUrl) => `${base}/api/groups/${groupId}/events`;

beforeAll(async () => {
  t = await createTestApp({ env: { EVENTS_HEARTBEAT_MS: "100" } });
  await t.httpClient();
  const { port } = t.app.server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${port}`;
});
afterAll(() => t?.close());

describe("the live group stream", () => {
  it("shows another member's submit within 2 s, the round closing on the last one and a comment hidden, with no vote in it", async () => {
    const [ana, ben, cy] = [await member(t, "Ana"), await member(t, "Ben"), await member(t, "Cy")];
    const groupId = await groupWith(ana, [ben, cy]);
    expect((await rounds.start(ana, groupId)).status).toBe(200);
    const roundId = await currentRoundId(ana, groupId);
    const stream = await openStream(eventsUrl(groupId), ana.token);
    expect(stream.status).toBe(200);
    expect(stream.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(stream.headers.get("cache-control")).toBe("private, no-store");
    expect(stream.headers.get("x-accel-buffering")).toBe("no");
    expect(stream.headers.get("x-content-type-options")).toBe("nosniff");
    expect(stream.headers.get("content-security-policy")).toContain("default-src 'none'");

    await voteAll(ben, groupId, roundId, [
      [ana, "A"],
      [ben, "B"],
      [cy, "A"],
    ]);
    await rounds.vote(ben, groupId, roundId, {
      selectedFor: ana.userId,
      optionSelected: "A",
      comments: SECRET,
    });
    const started = Date.now();
    expect((await rounds.submit(ben, groupId, roundId)).status).toBe(200);
    const submitted = await stream.next((e) => e.type === "member-submitted");
    const elapsed = Date.now() - started;
    console.info(`events: a submit reached another member's stream in ${elapsed} ms`);
    expect(submitted.data).toEqual({ type: "member-submitted", roundId, userId: ben.userId });

    for (const voter of [ana, cy]) {
      await voteAll(voter, groupId, roundId, [
        [ana, "B"],
        [ben, "A"],
        [cy, "B"],
      ]);
      expect((await rounds.submit(voter, groupId, roundId)).status).toBe(200);
    }
    const closed = await stream.next((e) => e.type === "round-closed");
    expect(closed.data).toMatchObject({ roundId, nextRoundId: expect.any(String) });
    // The admin hides Ben's comment: pages showing the round hear it, without the text.
    const hide = await ana.post(`/api/groups/${groupId}/rounds/${roundId}/comments/hide`, {
      body: { selectedBy: ben.userId, selectedFor: ana.userId },
    });
    expect(hide.status).toBe(200);
    const hidden = await stream.next((e) => e.type === "comment-hidden");
    expect(hidden.data).toEqual({ type: "comment-hidden", roundId });

    for (const event of stream.events)
      expect(groupEventSchema.parse(event.data)).toEqual(event.data);
    expect(stream.raw).not.toContain(SECRET);
    expect(stream.raw).not.toContain("optionSelected");
    expect(stream.raw).not.toMatch(/"[AB]"/);
    stream.close();
  });

  it("refuses a stranger, a guest and no session with the error envelope, before any stream", async () => {
    const ana = await member(t, "Ana");
    const stranger = await member(t, "Stranger");
    const groupId = await groupWith(ana, []);
    const guest = await t.anonymous({ http: true });
    const calls = [
      [stranger, 404],
      [guest, 403],
      [await t.httpClient(), 401],
    ] as const;
    for (const [client, status] of calls) {
      const response = await client.get<{ error: { code: string } }>(
        `/api/groups/${groupId}/events`,
      );
      expect(response.status).toBe(status);
      expect(response.headers.get("content-type")).toMatch(/^application\/json/);
      expect(response.body.error.code).toEqual(expect.any(String));
    }
  });

  it("holds at most STREAMS_PER_PERSON open for one person, and frees a place when one closes", async () => {
    const [ana, ben] = [await member(t, "Ana"), await member(t, "Ben")];
    const groupId = await groupWith(ana, [ben]);
    const streams = [];
    for (let i = 0; i < STREAMS_PER_PERSON; i++)
      streams.push(await openStream(eventsUrl(groupId), ana.token));
    expect(streams.map((stream) => stream.status)).toEqual(streams.map(() => 200));

    const over = await ana.get<{ error: { code: string; message: string } }>(
      `/api/groups/${groupId}/events`,
    );
    expect(over.status).toBe(429);
    expect(over.body.error.message).toBe(
      "Too many live updates are open. Close some tabs and try again.",
    );
    // Another member's streams are theirs to count.
    const bens = await openStream(eventsUrl(groupId), ben.token);
    expect(bens.status).toBe(200);

    streams[0]?.close();
    await streams[0]?.end();
    let reopened = await openStream(eventsUrl(groupId), ana.token);
    // The server counts the stream closed once it sees the socket go.
    for (let tries = 0; reopened.status !== 200 && tries < 50; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      reopened = await openStream(eventsUrl(groupId), ana.token);
    }
    expect(reopened.status).toBe(200);
    for (const stream of [...streams, bens, reopened]) stream.close();
  });

  it("refuses a member's browser on another site's page", async () => {
    const ana = await t.signIn("events-origin@example.test", { name: "Ana" });
    const created = await ana.post<{ data: { groupId: string } }>("/api/groups/create", {
      body: { name: "Origins", maxMembers: 5, daysBetweenRounds: 1 },
    });
    const url = `/api/groups/${created.body.data.groupId}/events`;
    const foreign = await ana.get(url, {
      headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
    });
    expect(foreign.status).toBe(403);
    const home = await ana.get(url, { headers: { "sec-fetch-site": "same-origin" } });
    expect(home.status).toBe(200);
  });

  it("tells of joins and leaves, and sends heartbeats on a quiet stream", async () => {
    const [ana, ben] = [await member(t, "Ana"), await member(t, "Ben")];
    const groupId = await groupWith(ana, []);
    const stream = await openStream(eventsUrl(groupId), ana.token);
    await join(ana, ben, groupId);
    await stream.next((e) => e.type === "members-changed");
    expect((await ben.post(`/api/groups/${groupId}/members/leave`)).status).toBe(200);
    await stream.next((e) => e.type === "members-changed" && stream.events.length >= 2);
    expect(stream.events.filter((e) => e.type === "members-changed")).toHaveLength(2);
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(stream.raw).toContain(": heartbeat\n\n");
    stream.close();
  });

  it("ends a removed member's stream after telling them, and every stream of a deleted group", async () => {
    const [ana, ben, cy] = [await member(t, "Ana"), await member(t, "Ben"), await member(t, "Cy")];
    const groupId = await groupWith(ana, [ben, cy]);
    const bens = await openStream(eventsUrl(groupId), ben.token);
    const cys = await openStream(eventsUrl(groupId), cy.token);
    await ana.post(`/api/groups/${groupId}/members/${ben.userId}/remove`);
    await bens.next((e) => e.type === "membership-ended");
    expect(bens.events.map((e) => e.type)).not.toContain("members-changed");
    expect(await bens.end()).toBe(true);
    await cys.next((e) => e.type === "members-changed");
    expect(cys.ended).toBe(false);

    expect((await ana.request("DELETE", `/api/groups/${groupId}`)).status).toBe(200);
    await cys.next((e) => e.type === "group-deleted");
    expect(await cys.end()).toBe(true);
  });

  it("ends the streams when the app closes", async () => {
    const other = await createTestApp();
    const ana = await member(other, "Ana");
    const groupId = await groupWith(ana, []);
    const { port } = other.app.server.address() as AddressInfo;
    const stream = await openStream(eventsUrl(groupId, `http://127.0.0.1:${port}`), ana.token);
    expect(stream.status).toBe(200);
    await other.close();
    expect(await stream.end()).toBe(true);
  });

  /** Ways a session ends, each through better-auth's own route, as the person or an admin calls it. */
  const sessionEnds: [string, (ana: Member, phone: string) => Promise<number>][] = [
    [
      "its owner signs out",
      async (_ana, phone) =>
        (await t.client().useBearer(phone).post(`${AUTH_BASE_PATH}/sign-out`, { body: {} })).status,
    ],
    [
      "its owner revokes it from another device",
      async (ana, phone) =>
        (await ana.post(`${AUTH_BASE_PATH}/revoke-session`, { body: { token: phone } })).status,
    ],
    [
      "an admin disables the account (every session of it)",
      async (ana) => {
        const admin = await createUser(t.db, { role: "admin" });
        const { token } = await createSession(t.db, admin.id);
        const banned = await t
          .client()
          .useBearer(token)
          .post(`${AUTH_BASE_PATH}/admin/ban-user`, { body: { userId: ana.userId } });
        return banned.status;
      },
    ],
  ];

  it.each(sessionEnds)(
    "ends the stream of a session once %s, and nothing more reaches it",
    async (how, end) => {
      const [ana, ben] = [await member(t, "Ana"), await member(t, "Ben")];
      const groupId = await groupWith(ana, [ben]);
      // Ana's phone holds a session of its own beside her laptop's (`ana`).
      const { token: phone } = await createSession(t.db, ana.userId);
      const onPhone = await openStream(eventsUrl(groupId), phone);
      const onLaptop = await openStream(eventsUrl(groupId), ana.token);
      expect([onPhone.status, onLaptop.status]).toEqual([200, 200]);

      expect(await end(ana, phone)).toBe(200);
      expect(await onPhone.end()).toBe(true);

      expect((await ben.post(`/api/groups/${groupId}/members/leave`)).status).toBe(200);
      if (how.startsWith("an admin")) {
        // The whole account is disabled: the laptop's stream ends too.
        expect(await onLaptop.end()).toBe(true);
      } else {
        await onLaptop.next((e) => e.type === "members-changed");
        expect(onLaptop.ended).toBe(false);
        onLaptop.close();
      }
      expect(onPhone.events.map((e) => e.type)).not.toContain("members-changed");
    },
  );

  it("ends the old account's stream when another account signs in in its browser", async () => {
    const email = `switch-${Date.now()}@example.test`;
    const browser = await t.signIn(email, { client: await t.httpClient() });
    const groupId = await groupWith(Object.assign(browser, { name: "Test Player" }), []);
    const cookie = [...browser.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    const stream = await openStream(eventsUrl(groupId), "", { cookie });
    expect(stream.status).toBe(200);
    await t.signIn(`other-${email}`, { client: browser });
    expect(await stream.end()).toBe(true);
  });

  it("ends every stream of an account the product admin deletes, and nothing more reaches them", async () => {
    const email = `deleted-${Date.now()}@example.test`;
    const [ana, ben, cy] = [
      await member(t, "Ana"),
      await member(t, "Ben", email),
      await member(t, "Cy"),
    ];
    const groupId = await groupWith(ana, [ben, cy]);
    // Ben's phone holds a session of its own beside his laptop's.
    const { token: phone } = await createSession(t.db, ben.userId);
    const onPhone = await openStream(eventsUrl(groupId), phone);
    const onLaptop = await openStream(eventsUrl(groupId), ben.token);
    const anas = await openStream(eventsUrl(groupId), ana.token);
    expect([onPhone.status, onLaptop.status, anas.status]).toEqual([200, 200, 200]);

    const admin = await createUser(t.db, { role: "admin" });
    const { token } = await createSession(t.db, admin.id);
    const deleted = await t
      .client()
      .useBearer(token)
      .post("/api/admin/accounts/delete", { body: { email } });
    expect(deleted.status, deleted.text).toBe(200);
    expect(await onPhone.end()).toBe(true);
    expect(await onLaptop.end()).toBe(true);
    await anas.next((e) => e.type === "members-changed");

    // The group plays on: Ana's stream hears Cy leave, neither of Ben's hears anything more.
    const changes = (stream: typeof anas) =>
      stream.events.filter((e) => e.type === "members-changed").length;
    const heard = [changes(onPhone), changes(onLaptop)];
    expect((await cy.post(`/api/groups/${groupId}/members/leave`)).status).toBe(200);
    await anas.next(() => changes(anas) === 2);
    expect(anas.ended).toBe(false);
    anas.close();
    expect([changes(onPhone), changes(onLaptop)]).toEqual(heard);
  });

  if (testDbKind() === "postgres") {
    it("ends a stream on one instance when its session ends through another", async () => {
      const ana = await member(t, "Ana");
      const groupId = await groupWith(ana, []);
      const database = await t.database.openAnother();
      const second = await buildApp({ config: t.config, database, clock: t.clock });
      try {
        await second.listen({ host: "127.0.0.1", port: 0 });
        const { port } = second.server.address() as AddressInfo;
        const stream = await openStream(eventsUrl(groupId, `http://127.0.0.1:${port}`), ana.token);
        expect(stream.status).toBe(200);
        // Signed out on the first instance.
        const out = await ana.post(`${AUTH_BASE_PATH}/sign-out`, { body: {} });
        expect(out.status).toBe(200);
        expect(await stream.end()).toBe(true);
      } finally {
        await second.close();
        await database.close();
      }
    });

    it("carries an event raised on one instance to a stream on another", async () => {
      const [ana, ben] = [await member(t, "Ana"), await member(t, "Ben")];
      const groupId = await groupWith(ana, []);
      const database = await t.database.openAnother();
      const second = await buildApp({ config: t.config, database, clock: t.clock });
      try {
        await second.listen({ host: "127.0.0.1", port: 0 });
        const { port } = second.server.address() as AddressInfo;
        const stream = await openStream(eventsUrl(groupId, `http://127.0.0.1:${port}`), ana.token);
        expect(stream.status).toBe(200);
        await join(ana, ben, groupId); // on the first instance
        await stream.next((e) => e.type === "members-changed");
        stream.close();
      } finally {
        await second.close();
        await database.close();
      }
    });

    it("reconnects when its listening connection drops, and ends the streams that may have missed events", async () => {
      const [ana, ben] = [await member(t, "Ana"), await member(t, "Ben")];
      const groupId = await groupWith(ana, []);
      const before = await openStream(eventsUrl(groupId), ana.token);
      await t.db.execute(
        sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
            WHERE datname = current_database() AND pid <> pg_backend_pid()
              AND (query LIKE 'LISTEN %' OR query LIKE '%pg_notify%')`,
      );
      expect(await before.end()).toBe(true);
      const deadline = Date.now() + 5000;
      for (;;) {
        const after = await openStream(eventsUrl(groupId), ana.token);
        await join(ana, ben, groupId);
        const seen = await after.next((e) => e.type === "members-changed", 500).catch(() => null);
        after.close();
        if (seen) break;
        if (Date.now() > deadline) throw new Error("no events after the connection dropped");
        await ben.post(`/api/groups/${groupId}/members/leave`);
      }
    });
  }
});
