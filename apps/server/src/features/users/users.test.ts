import { fieldMessages } from "@eitheror/shared/validation/messages";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestClient } from "../../../test/app";
import { createSession, createUser } from "../../../test/factories";
import { session, user } from "../../db/schema";
import { AUTH_BASE_PATH } from "../../lib/auth/provider";

type UserDataBody = { data: { userData: Record<string, unknown> } };
type ErrorBody = { error: { code: string; message: string } };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

let serial = 0;
const newEmail = () => `user-${++serial}-${Date.now()}@example.test`;

function updateUser(client: TestClient, body: unknown) {
  return client.post<ErrorBody>(`${AUTH_BASE_PATH}/update-user`, { body });
}

async function nameOf(id: string) {
  const [row] = await t.db.select({ name: user.name }).from(user).where(eq(user.id, id));
  return row?.name;
}

describe("GET /users/{id}", () => {
  it("shows oneself everything, including the address", async () => {
    const me = await t.signIn(newEmail(), { name: "Ada" });
    const response = await me.get<UserDataBody>(`/api/users/${me.userId}`);
    expect(response.status).toBe(200);
    expect(response.body.data.userData).toMatchObject({
      uid: me.userId,
      id: me.userId,
      displayName: "Ada",
      photoURL: null,
      emailVerified: true,
      isAnonymous: false,
    });
    expect(response.body.data.userData.email).toMatch(/@example\.test$/);
    expect(Date.parse(String(response.body.data.userData.createdAt))).not.toBeNaN();
  });

  it("shows another user's name, photo and joined date, never their address", async () => {
    const me = await t.signIn(newEmail());
    const other = await createUser(t.db, { name: "Grace", image: "/api/storage/x?v=1" });
    const response = await me.get<UserDataBody>(`/api/users/${other.id}`);
    expect(response.status).toBe(200);
    expect(response.body.data.userData).toEqual({
      uid: other.id,
      id: other.id,
      displayName: "Grace",
      photoURL: "/api/storage/x?v=1",
      createdAt: other.createdAt.toISOString(),
    });
    expect(response.text).not.toContain(other.email);
  });

  it("answers 404 for unknown users, guests and unfinished sign-ups", async () => {
    const me = await t.signIn(newEmail());
    const guest = await t.anonymous();
    const unnamed = await createUser(t.db, { name: "" });
    for (const id of ["no-such-user", guest.userId, unnamed.id]) {
      expect((await me.get(`/api/users/${id}`)).status).toBe(404);
    }
  });

  it("is for signed-in accounts: 401 without a session, 403 for a guest", async () => {
    const someone = await createUser(t.db);
    expect((await t.client().get(`/api/users/${someone.id}`)).status).toBe(401);
    expect((await (await t.anonymous()).get(`/api/users/${someone.id}`)).status).toBe(403);
  });
});

describe("profile updates (POST /api/auth/update-user)", () => {
  it.each([
    ["", fieldMessages.required],
    ["   ", fieldMessages.required],
    [" A ", fieldMessages.minLength(2)],
    ["x".repeat(51), fieldMessages.maxLength(50)],
  ])("refuses the name %j with %j and keeps the saved one", async (name, message) => {
    const me = await t.signIn(newEmail(), { name: "Kept Name" });
    const response = await updateUser(me, { name });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({ code: "invalid_input", message });
    expect(await nameOf(me.userId)).toBe("Kept Name");
  });

  it("saves a 46-character name from the profile, and a new photo beside it (one limit, 0052)", async () => {
    const long = "Maximiliana Alexandrina Montgomery-Fitzwilliam";
    const me = await t.signIn(newEmail(), { name: "Short" });
    expect((await updateUser(me, { name: long })).status).toBe(200);
    const photo = `/api/storage/profile-images/${me.userId}?v=new`;
    expect((await updateUser(me, { name: long, image: photo })).status).toBe(200);
    const saved = await me.put<UserDataBody>("/api/update-user-properties", { body: {} });
    expect(saved.status).toBe(200);
    expect(saved.body.data.userData).toMatchObject({ displayName: long, photoURL: photo });
  });

  it("saves a trimmed name", async () => {
    const me = await t.signIn(newEmail(), { name: null });
    expect((await updateUser(me, { name: "  Lin  " })).status).toBe(200);
    expect(await nameOf(me.userId)).toBe("Lin");
  });

  it("saves a name without the invisible characters that would reorder others' screens", async () => {
    const me = await t.signIn(newEmail(), { name: null });
    expect((await updateUser(me, { name: "\u202ELin\u200B" })).status).toBe(200);
    expect(await nameOf(me.userId)).toBe("Lin");
  });

  it("takes a photo only from the user's own storage", async () => {
    const me = await t.signIn(newEmail());
    const other = await createUser(t.db);
    for (const image of [
      "https://evil.example/tracker.png",
      `/api/storage/profile-images/${other.id}?v=abc`,
      "javascript:alert(1)",
    ]) {
      expect((await updateUser(me, { image })).status).toBe(400);
    }
    expect(
      (await updateUser(me, { image: `/api/storage/profile-images/${me.userId}?v=abc` })).status,
    ).toBe(200);
    expect((await updateUser(me, { image: null })).status).toBe(200);
  });

  it("is closed to guests", async () => {
    const guest = await t.anonymous();
    expect((await updateUser(guest, { name: "Sneaky" })).status).toBe(401);
  });
});

describe("user properties", () => {
  it("POST /new-user-properties answers the finished profile; a client's isAdmin means nothing", async () => {
    const me = await t.signIn(newEmail(), { name: "Noor" });
    const response = await me.post<UserDataBody>("/api/new-user-properties", {
      body: { isAdmin: true },
    });
    expect(response.status).toBe(200);
    expect(response.body.data.userData.displayName).toBe("Noor");
    const admin = await me.get<{ data: { isAdmin: boolean } }>("/api/check-admin");
    expect(admin.body.data.isAdmin).toBe(false);
  });

  it("POST /new-user-properties wants a display name first", async () => {
    const me = await t.signIn(newEmail(), { name: null });
    const response = await me.post<ErrorBody>("/api/new-user-properties", {
      body: { isAdmin: false },
    });
    expect(response.status).toBe(409);
    expect(response.body.error.message).toBe("Choose a display name first.");
  });

  it.each([
    ["POST", "/api/new-user-properties"],
    ["PUT", "/api/update-user-properties"],
  ] as const)("%s %s answers a call with no body at all as one with {}", async (method, url) => {
    const me = await t.signIn(newEmail(), { name: "Bodiless" });
    const bare = await me.request<UserDataBody>(method, url);
    expect(bare.status).toBe(200);
    expect(bare.body).toEqual((await me.request(method, url, { body: {} })).body);
    expect(bare.body.data.userData.displayName).toBe("Bodiless");
    // A body that is there and wrong is still refused.
    const nullBody = await me.request<ErrorBody>(method, url, { rawBody: "null" });
    expect(nullBody.status).toBe(400);
  });

  it("PUT /update-user-properties answers the saved profile", async () => {
    const me = await t.signIn(newEmail(), { name: "Old" });
    await updateUser(me, { name: "New Name" });
    const response = await me.put<UserDataBody>("/api/update-user-properties", { body: {} });
    expect(response.status).toBe(200);
    expect(response.body.data.userData.displayName).toBe("New Name");
  });
});

describe("session life", () => {
  it("signing out ends the session on the server", async () => {
    const me = await t.signIn(newEmail());
    const token = me.cookies.get("better-auth.session_token");
    expect((await me.post(`${AUTH_BASE_PATH}/sign-out`, { body: {} })).status).toBe(200);
    const replay = t.client();
    if (token) replay.cookies.set("better-auth.session_token", token);
    expect((await replay.get(`/api/users/${me.userId}`)).status).toBe(401);
  });

  it("an admin disabling an account ends its sessions on the server", async () => {
    const admin = await createUser(t.db, { role: "admin" });
    const { token } = await createSession(t.db, admin.id);
    const someone = await t.signIn(newEmail());

    const banned = await t
      .client()
      .useBearer(token)
      .post(`${AUTH_BASE_PATH}/admin/ban-user`, { body: { userId: someone.userId } });

    expect(banned.status).toBe(200);
    const [left] = await t.db
      .select({ n: count() })
      .from(session)
      .where(eq(session.userId, someone.userId));
    expect(left?.n).toBe(0);
    expect((await someone.get(`/api/users/${someone.userId}`)).status).toBe(401);
  });

  it("better-auth's own refusals come in the API envelope", async () => {
    const me = await t.signIn(newEmail());
    const response = await me.post<ErrorBody>(`${AUTH_BASE_PATH}/admin/ban-user`, {
      body: { userId: me.userId },
    });
    expect(response.status).toBe(403);
    expect(response.body.error.code).toBe("forbidden");
    expect(response.body.error.message).toBeTruthy();
  });

  it("a disabled account's session stops working at once", async () => {
    const someone = await createUser(t.db);
    const { token } = await createSession(t.db, someone.id);
    const client = t.client().useBearer(token);
    expect((await client.get(`/api/users/${someone.id}`)).status).toBe(200);

    await t.db.update(user).set({ banned: true }).where(eq(user.id, someone.id));
    expect((await client.get(`/api/users/${someone.id}`)).status).toBe(401);
  });
});

describe("reading the session", () => {
  it("never deletes the session cookie, so a read racing a sign-in cannot undo it", async () => {
    // A guest whose session ended (the guest was carried into an account) meanwhile.
    const browser = await t.anonymous();
    await t.db.delete(session).where(eq(session.userId, browser.userId));
    const response = await browser.get(`${AUTH_BASE_PATH}/get-session`);
    expect(response.status).toBe(200);
    expect(response.body).toBeNull();
    expect(response.headers.getSetCookie().filter((c) => c.startsWith("better-auth."))).toEqual([]);
  });
});
