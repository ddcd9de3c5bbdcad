// A session read through its cookie answers what better-auth's getSession answers
// (decision 0090): the same person for a live session, nobody for an ended one, and
// better-auth itself where it writes (an expired session deleted, a due one renewed).
import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, SESSION_COOKIE, type TestApp, type TestClient } from "../../../test/app";
import { createSession, createUser } from "../../../test/factories";
import { session } from "../../db/schema";
import { AUTH_BASE_PATH, SESSION_LIFETIME_S, SESSION_RENEW_AFTER_S } from "./provider";

const HOUR_MS = 60 * 60 * 1000;
const SECRET = "session-reader-test-secret-0123456789";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_SECRET: SECRET } });
});
afterAll(() => t?.close());

/** A browser whose session cookie holds `token`, signed as better-auth signs it. */
function browserWith(token: string): TestClient {
  const signature = createHmac("sha256", SECRET).update(token).digest("base64");
  const client = t.client();
  client.cookies.set(SESSION_COOKIE, encodeURIComponent(`${token}.${signature}`));
  return client;
}

/** Who the app says is calling (`/api/users/:id` of the caller, or its status). */
async function whoAmI(client: TestClient, userId: string) {
  const answer = await client.get<{ data: { userData: { id: string; name: string } } }>(
    `/api/users/${userId}`,
  );
  return answer.status === 200 ? answer.body.data.userData : answer.status;
}

/** A session as new as sign-in makes one: not due for renewal yet. */
const newSession = (userId: string) =>
  createSession(t.db, userId, { expiresAt: new Date(Date.now() + SESSION_LIFETIME_S * 1000) });

const expiresAtOf = async (token: string) =>
  (await t.db.select().from(session).where(eq(session.token, token)))[0]?.expiresAt ?? null;

describe("a session read through its cookie", () => {
  it("finds the person of a live session, as better-auth's own read does", async () => {
    const person = await createUser(t.db, { name: "Cookie Reader", emailVerified: true });
    const { token } = await newSession(person.id);
    const browser = browserWith(token);
    expect(await whoAmI(browser, person.id)).toMatchObject({ id: person.id });
    const own = await browser.get<{ user: { id: string } }>(`${AUTH_BASE_PATH}/get-session`);
    expect(own.body.user.id).toBe(person.id);
  });

  it("finds nobody for an ended session, a banned person or a cookie not signed by the app", async () => {
    const person = await createUser(t.db, { name: "Gone Reader", emailVerified: true });
    const { token } = await newSession(person.id);
    const browser = browserWith(token);
    expect(await whoAmI(browser, person.id)).toMatchObject({ id: person.id });
    await t.db.delete(session).where(eq(session.token, token));
    expect(await whoAmI(browser, person.id)).toBe(401);

    const banned = await createUser(t.db, { name: "Banned Reader", banned: true });
    expect(await whoAmI(browserWith((await newSession(banned.id)).token), banned.id)).toBe(401);

    const forged = t.client();
    const other = await newSession(person.id);
    forged.cookies.set(SESSION_COOKIE, `${other.token}.bm90LXRoZS1zaWduYXR1cmU%3D`);
    expect(await whoAmI(forged, person.id)).toBe(401);
  });

  it("leaves an expired session to better-auth, which deletes it", async () => {
    const person = await createUser(t.db, { name: "Late Reader", emailVerified: true });
    const { token } = await createSession(t.db, person.id, {
      expiresAt: new Date(Date.now() - HOUR_MS),
    });
    expect(await whoAmI(browserWith(token), person.id)).toBe(401);
    expect(await expiresAtOf(token)).toBeNull();
  });

  it("leaves a session due for renewal to better-auth, which renews it", async () => {
    const person = await createUser(t.db, { name: "Old Reader", emailVerified: true });
    // Made more than SESSION_RENEW_AFTER_S ago: its expiry is that much nearer than a new one's.
    const due = Date.now() + (SESSION_LIFETIME_S - SESSION_RENEW_AFTER_S) * 1000 - HOUR_MS;
    const { token } = await createSession(t.db, person.id, { expiresAt: new Date(due) });
    expect(await whoAmI(browserWith(token), person.id)).toMatchObject({ id: person.id });
    const renewed = (await expiresAtOf(token))?.getTime() ?? 0;
    expect(renewed).toBeGreaterThan(Date.now() + (SESSION_LIFETIME_S - 60) * 1000);
  });

  it("of many people at once: one statement reads all their sessions", async () => {
    const people = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        createUser(t.db, { name: `Crowd Reader ${i}`, emailVerified: true }),
      ),
    );
    const browsers = await Promise.all(
      people.map(async (person) => browserWith((await newSession(person.id)).token)),
    );
    const { result, statements } = await t.database.statements.count(() =>
      Promise.all(browsers.map((browser, i) => whoAmI(browser, people[i]?.id ?? ""))),
    );
    expect(result.map((who) => (typeof who === "object" ? who.id : who))).toEqual(
      people.map((person) => person.id),
    );
    expect(statements.filter((s) => s.includes('"sessions"'))).toHaveLength(1);
  });
});
