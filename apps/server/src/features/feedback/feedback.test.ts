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

  it("is for signed-in people: refused to nobody (401), a guest and a nameless account (403), storing nothing", async () => {
    const before = await t.db.select({ n: count() }).from(feedback);
    expect((await send(t.client(), "hello")).status).toBe(401);
    const guest = await t.anonymous();
    const refused = await send(guest, "Someone changed my address");
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("forbidden");
    const nameless = await t.signIn("no-name-yet@example.test", { name: null });
    const unnamed = await send(nameless, "Not finished signing up");
    expect(unnamed.status).toBe(403);
    expect(unnamed.body.error.code).toBe("display_name_missing");
    expect(await storedFrom(guest.userId)).toEqual([]);
    expect(await storedFrom(nameless.userId)).toEqual([]);
    expect(await t.db.select({ n: count() }).from(feedback)).toEqual(before);
  });

  it.each([
    ["nothing", "", fieldMessages.required],
    ["only spaces and control characters", " \u0001\n ", fieldMessages.required],
    ["1001 characters", "x".repeat(1001), fieldMessages.maxLength(1000)],
    ["a number", 42, fieldMessages.required],
  ])("refuses %s with the field's message and stores nothing", async (_, text, message) => {
    const me = await t.signIn(`field-${String(text).length}@example.test`, { name: "Fielder" });
    const response = await send(me, text);
    expect(response.status).toBe(400);
    expect(response.body.error.messages).toEqual([message]);
    expect(await storedFrom(me.userId)).toEqual([]);
  });

  it("accepts exactly 1000 characters", async () => {
    const me = await t.signIn("long-writer@example.test", { name: "Long Writer" });
    expect((await send(me, "y".repeat(1000))).status).toBe(200);
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
