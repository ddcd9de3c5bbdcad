import { type FeedbackEntry, feedbackMessages } from "@eitheror/shared/feedback/schema";
import { fieldMessages } from "@eitheror/shared/validation/messages";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestClient } from "../../../test/app";
import { feedback } from "../../db/schema";

type ErrorBody = { error: { code: string; message: string; messages?: string[] } };
type Inbox = { data: { feedbackData: FeedbackEntry[]; page: number; hasMore: boolean } };
const ADMIN = "inbox-keeper@example.test";

let t: TestApp;
let admin: TestClient;
beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_EMAILS: ADMIN } });
  admin = await t.signIn(ADMIN, { name: "Keeper" });
});
afterAll(() => t?.close());

const send = (client: TestClient, text: unknown) =>
  client.post<{ data: { id: string } } & ErrorBody>("/api/feedback/create", {
    body: { feedback: text },
  });

async function storedFrom(userId: string) {
  return t.db.select().from(feedback).where(eq(feedback.userId, userId));
}

describe("sending feedback", () => {
  it("stores the trimmed text, without control characters, with its sender and time", async () => {
    const me = await t.signIn("says-things@example.test", { name: "Talker" });
    const response = await send(me, "  Love it!\u0007 More rounds, please.\n ");
    expect(response.status).toBe(200);
    const [row] = await storedFrom(me.userId);
    expect(row).toMatchObject({ id: response.body.data.id, text: "Love it! More rounds, please." });
    expect(Math.abs((row?.createdAt.getTime() ?? 0) - t.clock.now().getTime())).toBeLessThan(5000);
  });

  it("is open to a guest too: the 'This was not me' link reaches someone locked out", async () => {
    const guest = await t.anonymous();
    expect((await send(guest, "Someone changed my address")).status).toBe(200);
    expect(await storedFrom(guest.userId)).toHaveLength(1);
  });

  it.each([
    ["nothing", "", fieldMessages.required],
    ["only spaces and control characters", " \u0001\n ", fieldMessages.required],
    ["1001 characters", "x".repeat(1001), fieldMessages.maxLength(1000)],
    ["a number", 42, fieldMessages.required],
  ])("refuses %s with the field's message and stores nothing", async (_, text, message) => {
    const me = await t.anonymous();
    const response = await send(me, text);
    expect(response.status).toBe(400);
    expect(response.body.error.messages).toEqual([message]);
    expect(await storedFrom(me.userId)).toEqual([]);
  });

  it("accepts exactly 1000 characters", async () => {
    expect((await send(await t.anonymous(), "y".repeat(1000))).status).toBe(200);
  });

  it("is limited to 5 an hour per person, with a clear 429, until the hour passes", async () => {
    const me = await t.signIn("chatty@example.test", { name: "Chatty" });
    for (let i = 0; i < 5; i++) expect((await send(me, `note ${i}`)).status).toBe(200);
    const refused = await send(me, "one more");
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toBe(feedbackMessages.tooMany);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await storedFrom(me.userId)).toHaveLength(5);
    await t.client().post("/api/test/clock", { body: { advanceMs: 61 * 60 * 1000 } });
    expect((await send(me, "after the hour")).status).toBe(200);
  });

  it("is limited to 20 an hour per network for guests, who can start new sessions at will", async () => {
    const ip = "203.0.113.77";
    const fromNetwork = async (text: string, from = ip) => {
      const guest = await t.anonymous();
      const response = await guest.post<ErrorBody>("/api/feedback/create", {
        body: { feedback: text },
        remoteAddress: from,
      });
      return { guest, response };
    };
    const senders: string[] = [];
    for (let i = 0; i < 20; i++) {
      const { guest, response } = await fromNetwork(`guest note ${i}`);
      expect(response.status, `guest ${i}`).toBe(200);
      senders.push(guest.userId);
    }
    // A fresh guest, well within its own 5: the network's 20 are used up.
    const { guest: oneTooMany, response: refused } = await fromNetwork("one more from here");
    expect(refused.status).toBe(429);
    expect(refused.body.error).toEqual({ code: "rate_limited", message: feedbackMessages.tooMany });
    const wait = Number(refused.headers.get("retry-after"));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(3600);
    expect(await storedFrom(oneTooMany.userId)).toEqual([]);
    const stored = await Promise.all(senders.map(storedFrom));
    expect(stored.map((rows) => rows.length)).toEqual(senders.map(() => 1));
    // Another network is not held back by this one.
    expect((await fromNetwork("from elsewhere", "198.51.100.9")).response.status).toBe(200);
    await t.client().post("/api/test/clock", { body: { advanceMs: 61 * 60 * 1000 } });
    expect((await fromNetwork("after the hour")).response.status).toBe(200);
  });

  it("needs a session", async () => {
    expect((await send(t.client(), "hello")).status).toBe(401);
  });
});

describe("the feedback inbox", () => {
  it("shows the admin the newest first, with the sender, a page at a time", async () => {
    const [{ n: before = 0 } = { n: 0 }] = await t.db.select({ n: count() }).from(feedback);
    const writer = await t.signIn("writer@example.test", { name: "Writer" });
    // Later than anything another test sent, however far it moved the clock.
    t.clock.advance(3 * 60 * 60 * 1000);
    for (let i = 0; i < 3; i++) {
      t.clock.advance(1000);
      await send(writer, `page test ${i}`);
    }
    const first = await admin.get<Inbox>("/api/admin/feedback");
    expect(first.status).toBe(200);
    expect(first.body.data.feedbackData.slice(0, 3).map((entry) => entry.feedback)).toEqual([
      "page test 2",
      "page test 1",
      "page test 0",
    ]);
    expect(first.body.data.feedbackData[0]?.sender).toEqual({
      id: writer.userId,
      displayName: "Writer",
      email: "writer@example.test",
      isGuest: false,
    });
    const total = before + 3;
    expect(first.body.data.hasMore).toBe(total > 20);
    const last = await admin.get<Inbox>(`/api/admin/feedback?page=${Math.ceil(total / 20)}`);
    expect(last.body.data.hasMore).toBe(false);
  });
});
