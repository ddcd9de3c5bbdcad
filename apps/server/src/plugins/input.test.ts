import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestClient } from "../../test/app";
import { session, user } from "../db/schema";
import { MAX_PATH_SEGMENT, REFUSED_TEXT_MESSAGE } from "./errors";

let t: TestApp;
let me: TestClient & { userId: string };
beforeAll(async () => {
  t = await createTestApp();
  me = await t.signIn("ada@example.test", { name: "Ada" });
});
afterAll(() => t?.close());

type ErrorBody = { error: { code: string; message: string } };

async function saved() {
  const [row] = await t.db.select().from(user).where(eq(user.id, me.userId));
  return { name: row?.name, image: row?.image };
}

describe("text no database can store", () => {
  // Raw JSON, so the escapes reach the server exactly as an attacker writes them.
  it.each([
    ["a NUL in the name", '{"name":"A\\u0000da"}'],
    ["a lone high surrogate in the name", '{"name":"Ada \\ud800"}'],
    ["a lone low surrogate in the name", '{"name":"\\udc00Ada"}'],
    ["a NUL in the photo URL", '{"image":"/api/storage/x\\u0000"}'],
  ])("is refused with a 400 before the identity provider sees it: %s", async (_, rawBody) => {
    const before = await saved();
    const response = await me.post<ErrorBody>("/api/auth/update-user", { rawBody });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe("invalid_input");
    expect(await saved()).toEqual(before);
  });

  it("is refused in revoke-session's token, and the sessions stay", async () => {
    const sessionsBefore = await t.db.select().from(session).where(eq(session.userId, me.userId));
    const response = await me.post<ErrorBody>("/api/auth/revoke-session", {
      rawBody: '{"token":"abc\\u0000def"}',
    });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toBe(REFUSED_TEXT_MESSAGE);
    const sessionsAfter = await t.db.select().from(session).where(eq(session.userId, me.userId));
    expect(sessionsAfter).toHaveLength(sessionsBefore.length);
  });

  it("is refused in the path and the query of the app's own routes", async () => {
    for (const url of [
      `/api/users/${me.userId}%00`,
      `/api/users/%ED%A0%80`,
      "/api/dilemmas/global?x=%00",
    ]) {
      const response = await me.get<ErrorBody>(url);
      expect(response.status, url).toBe(400);
      expect(response.body.error.code).toBe("invalid_input");
    }
  });

  it("says so when a part of the path is too long to be an id, not that it does not decode", async () => {
    const atLimit = await me.get<ErrorBody>(`/api/users/${"a".repeat(MAX_PATH_SEGMENT)}`);
    expect(atLimit.status).toBe(404);
    const response = await me.get<ErrorBody>(`/api/users/${"a".repeat(MAX_PATH_SEGMENT + 1)}`);
    expect(response.status).toBe(400);
    expect(response.body.error).toEqual({
      code: "invalid_input",
      message: `A part of this address is longer than ${MAX_PATH_SEGMENT} characters.`,
    });
    const undecodable = await me.get<ErrorBody>("/api/users/%ED%A0%80");
    expect(undecodable.body.error.message).toBe("This address does not decode to valid text.");
  });

  it("is refused deep inside a JSON body", async () => {
    const response = await me.post<ErrorBody>("/api/email-change/send", {
      rawBody: '{"email":"x@example.test","extra":{"list":["fine","\\ud83d"]}}',
    });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toBe(REFUSED_TEXT_MESSAGE);
  });

  it.each([
    ["an app route", "/api/groups/create", '{"maxMembers":5,"daysBetweenRounds":1,"name":"'],
    ["better-auth's update-user", "/api/auth/update-user", '{"name":"'],
  ])(
    "refuses bytes that are no UTF-8 in a JSON body of %s instead of storing '\ufffd'",
    async (_, url, head) => {
      const before = await saved();
      const rawBody = Buffer.concat([
        Buffer.from(head),
        Buffer.from([0x41, 0xff, 0x80]),
        Buffer.from('"}'),
      ]);
      const response = await me.post<ErrorBody>(url, { rawBody });
      expect(response.status).toBe(400);
      expect(response.body.error.message).toBe(REFUSED_TEXT_MESSAGE);
      expect(await saved()).toEqual(before);
      const groups = await me.get<{ data: { groupsData: unknown[] } }>("/api/groups");
      expect(groups.body.data.groupsData).toEqual([]);
    },
  );

  it.each([
    ['{"__proto__":{"isAdmin":true},"name":"Proto"}'],
    ['{"constructor":{"prototype":{"isAdmin":true}},"name":"Proto"}'],
  ])(
    "refuses prototype keys on better-auth's routes as Fastify's parser does: %s",
    async (rawBody) => {
      const before = await saved();
      for (const url of ["/api/auth/update-user", "/api/new-user-properties"]) {
        const response = await me.post<ErrorBody>(url, { rawBody });
        expect(response.status, url).toBe(400);
        expect(response.body.error.code).toBe("invalid_input");
      }
      expect(await saved()).toEqual(before);
    },
  );

  it("leaves well-formed text alone: emoji, accents and other scripts", async () => {
    const response = await me.post("/api/auth/update-user", { body: { name: "Zoë 🎲 名前" } });
    expect(response.status).toBe(200);
    expect((await saved()).name).toBe("Zoë 🎲 名前");
  });
});
