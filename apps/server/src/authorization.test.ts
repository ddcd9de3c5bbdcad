// Every route of the OpenAPI description has its authorization checked somewhere:
// in the groups or rounds matrix, or here (routes for one signed-in user, and the
// product admin's). A route nobody placed fails the suite the day it is added.
import type { Operation } from "@eitheror/shared/api/contract";
import { proposalsApi } from "@eitheror/shared/dilemmas/proposals-contract";
import { groupsApi } from "@eitheror/shared/groups/contract";
import { moderationApi } from "@eitheror/shared/moderation/contract";
import { roundsApi } from "@eitheror/shared/rounds/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  groupModerationAccess,
  groupsAccess,
  proposalsAccess,
  roundsAccess,
} from "../test/access-rows";
import { createTestApp, type TestApp, type TestClient } from "../test/app";
import { startFakeLlm } from "../test/fake-llm";
import type { Player } from "../test/rounds";
import {
  fillPath,
  type Ids,
  NON_CONTRACT_ROUTES,
  openApiRoutes,
  type Route,
  routeKey,
  VALID,
  world,
} from "../test/route-table";

const ADMIN_EMAIL = "product-admin@example.test";

const keyOf = (operation: Operation) => `${operation.method} /api${operation.path}`;
const IN_MATRICES = new Set([
  ...Object.keys(groupsAccess).map((name) => keyOf(groupsApi[name as keyof typeof groupsApi])),
  ...Object.keys(roundsAccess).map((name) => keyOf(roundsApi[name as keyof typeof roundsApi])),
  ...Object.keys(proposalsAccess).map((name) =>
    keyOf(proposalsApi[name as keyof typeof proposalsApi]),
  ),
  ...Object.keys(groupModerationAccess).map((name) =>
    keyOf(moderationApi[name as keyof typeof groupModerationAccess]),
  ),
]);

/** Routes for a signed-in person, outside any group: what a guest gets (no session: 401). */
const USER_ONLY: Record<string, number> = {
  "POST /api/dilemmas/global/:id/selection": 200,
  "GET /api/dilemmas/global/:id/selection": 200,
  "POST /api/email-change/send": 403,
  "GET /api/users/:id": 403,
  "POST /api/new-user-properties": 403,
  "PUT /api/update-user-properties": 403,
  // A guest may ask, and hears no.
  "GET /api/check-admin": 200,
  "PUT /api/storage/profile-images/:uid": 403,
  // Feedback is for signed-in people only (decision 0041).
  "POST /api/feedback/create": 403,
  "GET /api/users/me/mail-preferences": 403,
  "PUT /api/users/me/mail-preferences": 403,
  // A device's push subscription is a signed-in person's (decision 0076).
  "PUT /api/push/subscription": 403,
  "DELETE /api/push/subscription": 403,
  // Export and deletion are an account's (decision 0078).
  "GET /api/users/me/export": 403,
  "POST /api/users/me/deletion-link": 403,
};

/**
 * The product admin's routes: refused to everyone else; the admin's own answer
 * (a 404 where the route table's well-formed call names nothing that exists).
 */
const ADMIN_ONLY_ANSWERS: Record<string, number> = {
  "POST /api/admin/manually-generate-dilemmas": 200,
  "POST /api/admin/dilemmas": 200,
  "GET /api/admin/dilemmas/stats": 200,
  "GET /api/admin/feedback": 200,
  "POST /api/admin/feedback/:feedbackId/done": 404,
  "DELETE /api/admin/feedback/:feedbackId": 404,
  "GET /api/admin/moderation/reports": 200,
  "GET /api/admin/moderation/log": 200,
  "POST /api/admin/moderation/reports/:reportId/dismiss": 404,
  "POST /api/admin/moderation/reports/:reportId/hide": 404,
  // A well-formed call names no real account or group (a real one would delete the world's).
  "POST /api/admin/accounts/delete": 404,
  "DELETE /api/admin/groups/:id": 404,
};
const ADMIN_ONLY = new Set(Object.keys(ADMIN_ONLY_ANSWERS));

/** Open to anyone, signed in or not. */
const PUBLIC = new Set([
  "GET /api/health",
  "GET /api/ready",
  "GET /api/dilemmas/global",
  "POST /api/sign-in/email-link/send",
  "POST /api/sign-in/email-link/complete",
  "GET /api/storage/profile-images/:uid",
  "POST /api/test/clock",
  // The VAPID public key is the same for everyone, for the browser's pushManager.subscribe.
  "GET /api/push/public-key",
  // The signed token in the link is the proof (decision 0020).
  "POST /api/mail/unsubscribe",
  // The e-mailed deletion link's token is the proof, not a session (decision 0078).
  "POST /api/account/delete",
  // Share cards: a day's result is public; a round's needs the server's signature (decision 0028).
  "GET /api/dilemmas/global/days/:day",
  "GET /api/share/daily/:day/image.png",
  "GET /api/share/rounds/:shareId",
  "GET /api/share/rounds/:shareId/image.png",
]);

let llm: Awaited<ReturnType<typeof startFakeLlm>>;
let t: TestApp;
let admin: TestClient;
let plainUser: Player;
let ids: Ids;
let routes: Route[];

beforeAll(async () => {
  llm = await startFakeLlm();
  t = await createTestApp({
    env: { ADMIN_EMAILS: ADMIN_EMAIL, LLM_BASE_URL: llm.baseUrl, LLM_MODEL: "test-model" },
  });
  ({ me: admin, other: plainUser, ids } = await world(t, ADMIN_EMAIL));
  routes = await openApiRoutes(t);
});
afterAll(async () => {
  await t?.close();
  await llm?.close();
});

/** The route's well-formed call, made by `client`: a one-byte file for the photo upload. */
async function call(client: TestClient, route: Route) {
  const valid = VALID[routeKey(route)]?.(ids) ?? {};
  const path = fillPath(route.path, valid.params ?? {});
  if (route.body?.contentType === "multipart/form-data") {
    return client.upload(path, { content: Buffer.from("x"), type: "image/png" });
  }
  const query = new URLSearchParams(valid.query ?? {}).toString();
  return client.request(route.method, query ? `${path}?${query}` : path, { body: valid.body });
}

const figures = { tried: 0, unexpected2xx: 0 };
afterAll(() => {
  console.info(
    `authorization: ${Object.keys(USER_ONLY).length} user-only routes × 2 callers, ${ADMIN_ONLY.size} admin routes × 4 callers, ${figures.tried} calls, ${figures.unexpected2xx} unexpected 2xx (the matrices cover ${IN_MATRICES.size} more)`,
  );
});
function tally(expected: number, status: number) {
  figures.tried += 1;
  if (expected >= 400 && status < 300) figures.unexpected2xx += 1;
}

describe("authorization coverage", () => {
  it("places every route of the OpenAPI description in exactly one list", () => {
    const lists = [IN_MATRICES, new Set(Object.keys(USER_ONLY)), ADMIN_ONLY, PUBLIC];
    const unplaced = routes.map(routeKey).filter((key) => !lists.some((list) => list.has(key)));
    expect(unplaced, "routes in no matrix and no list").toEqual([]);
    const placed = lists.flatMap((list) => [...list]);
    expect(placed.sort()).toEqual(routes.map(routeKey).sort());
  });

  it("answers a public route without a session", async () => {
    for (const route of routes.filter((r) => PUBLIC.has(routeKey(r)))) {
      const response = await call(t.client(), route);
      expect(response.status, routeKey(route)).not.toBe(401);
    }
  });

  it.each(Object.entries(USER_ONLY))("%s: 401 signed out, %i to a guest", async (key, guest) => {
    const route = routes.find((r) => routeKey(r) === key);
    if (!route) throw new Error(`${key} is not in the OpenAPI description`);
    const seen = {
      signedOut: (await call(t.client(), route)).status,
      guest: (await call(await t.anonymous(), route)).status,
    };
    tally(401, seen.signedOut);
    tally(guest, seen.guest);
    expect(seen).toEqual({ signedOut: 401, guest });
  });

  it.each([...ADMIN_ONLY])("%s: only the product admin", async (key) => {
    const route = routes.find((r) => routeKey(r) === key);
    if (!route) throw new Error(`${key} is not in the OpenAPI description`);
    const expected = {
      signedOut: 401,
      guest: 403,
      plainUser: 403,
      productAdmin: ADMIN_ONLY_ANSWERS[key],
    };
    const seen = {
      signedOut: (await call(t.client(), route)).status,
      guest: (await call(await t.anonymous(), route)).status,
      plainUser: (await call(plainUser, route)).status,
      productAdmin: (await call(admin, route)).status,
    };
    for (const who of ["signedOut", "guest", "plainUser"] as const) tally(expected[who], seen[who]);
    expect(seen).toEqual(expected);
  });
});

/**
 * Answers that set their own caching: public bytes, and only when they are found
 * (an error answer is kept by nobody).
 */
const OWN_CACHING: Record<string, RegExp> = {
  "GET /api/share/daily/:day/image.png": /^public, max-age=\d+$/,
  "GET /api/share/rounds/:shareId/image.png": /^public, max-age=\d+$/,
  "GET /api/storage/profile-images/:uid": /^(public, max-age=\d+, immutable|no-cache)$/,
};

describe("Cache-Control", () => {
  it("is private, no-store on every answer of every route, but the public pictures found", async () => {
    const all = [...routes, ...NON_CONTRACT_ROUTES];
    // Reads first, then writes, a deletion last: as many answers as can be are 2xx.
    const order = (route: Route) =>
      route.method === "GET" ? 0 : route.method === "DELETE" ? 2 : 1;
    const ordered = [...all].sort((a, b) => order(a) - order(b));
    const seen = { answers: 0, ok: 0 };
    for (const route of ordered) {
      const callers: [string, TestClient][] = [
        ["nobody", t.client()],
        ["a guest", await t.anonymous()],
        ["the group's admin", admin],
      ];
      for (const [who, client] of callers) {
        const response = await call(client, route);
        const where = `${routeKey(route)} as ${who} (${response.status})`;
        const own = OWN_CACHING[routeKey(route)];
        const cacheControl = response.headers.get("cache-control");
        if (own && response.status === 200) expect(cacheControl, where).toMatch(own);
        else expect(cacheControl, where).toBe("private, no-store");
        seen.answers += 1;
        if (response.status < 300) seen.ok += 1;
      }
    }
    console.info(
      `cache-control: ${all.length} routes, ${seen.answers} answers, ${seen.ok} of them 2xx`,
    );
    // The admin's calls are the well-formed ones: most of them must have answered.
    expect(seen.ok).toBeGreaterThan(all.length * 0.6);
  });
});
