import { setImmediate as afterThisTurn } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, SESSION_COOKIE, type TestApp } from "../../../test/app";
import { AUTH_BASE_PATH } from "./provider";
import { betterAuthStoragesEnabled } from "./quiet-provider";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/** None of better-auth's storages holds the hooks on; and it has some, where they are looked for. */
const hooksOff = () => {
  const enabled = betterAuthStoragesEnabled();
  expect(enabled.length).toBeGreaterThan(0);
  expect(enabled).not.toContain(true);
};

/** The turn after a call's end, when its storages go quiet. */
const settled = async () => {
  await afterThisTurn();
  await afterThisTurn();
};

// Node 20's AsyncLocalStorage holds async hooks on while it is enabled (decision 0030).
describe("better-auth's async hooks between its calls", () => {
  it("are off once its calls have ended, through its handler and its API alike", async () => {
    // Through its handler (the guest's session) and its API (the e-mail link's startSession).
    const member = await t.signIn(`quiet-${Date.now()}@example.test`);
    await settled();
    hooksOff();

    // Through its API again: the app reads a bearer's session with identity.api.getSession.
    const bearer = t
      .client()
      .useBearer(decodeURIComponent(member.cookies.get(SESSION_COOKIE) ?? ""));
    const profile = await bearer.get<{ data: { userData: { id: string } } }>(
      `/api/users/${member.userId}`,
    );
    expect(profile.status).toBe(200);
    expect(profile.body.data.userData.id).toBe(member.userId);
    await settled();
    hooksOff();
  });

  it("come back for its next calls, which still find their context", async () => {
    const guests = await Promise.all([t.anonymous(), t.anonymous(), t.anonymous()]);
    await settled();
    // Each call runs inside better-auth's context again: the session it reads is the caller's.
    const reads = await Promise.all(
      guests.map((guest) => guest.get<{ user: { id: string } }>(`${AUTH_BASE_PATH}/get-session`)),
    );
    expect(reads.map((read) => read.body.user.id)).toEqual(guests.map((guest) => guest.userId));
    await settled();
    hooksOff();
  });
});
