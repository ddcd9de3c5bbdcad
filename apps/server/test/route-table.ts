import { createECDH, randomBytes } from "node:crypto";
import { is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import * as schema from "../src/db/schema";
import type { TestApp, TestClient } from "./app";
import { join, type Player, player, rounds } from "./rounds";

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface Field {
  name: string;
  /** The JSON type the schema wants ("string" for an enum of strings). */
  type: string;
  required: boolean;
}

/** One route as the OpenAPI description tells it: the security suites' table of routes. */
export interface Route {
  method: Method;
  /** Fastify's form, `/api/groups/:id`: the key of every expectation table. */
  path: string;
  params: Field[];
  query: Field[];
  /** Undefined when the route takes no body. */
  body?: { contentType: string; fields: Field[] };
}

export const routeKey = (route: { method: string; path: string }) =>
  `${route.method} ${route.path}`;

interface OpenApiOperation {
  parameters?: { in: string; name: string; required?: boolean; schema: { type?: string } }[];
  requestBody?: {
    content: Record<
      string,
      { schema?: { properties?: Record<string, { type?: string }>; required?: string[] } }
    >;
  };
}

function fieldsOf(operation: OpenApiOperation, where: "path" | "query"): Field[] {
  return (operation.parameters ?? [])
    .filter((parameter) => parameter.in === where)
    .map(({ name, required, schema }) => ({
      name,
      type: schema.type ?? "string",
      required: required ?? false,
    }));
}

function bodyOf(operation: OpenApiOperation): Route["body"] {
  const [entry] = Object.entries(operation.requestBody?.content ?? {});
  if (!entry) return undefined;
  const [contentType, { schema = {} }] = entry;
  const fields = Object.entries(schema.properties ?? {}).map(([name, property]) => ({
    name,
    type: property.type ?? "string",
    required: (schema.required ?? []).includes(name),
  }));
  return { contentType, fields };
}

/**
 * Routes whose body the OpenAPI description leaves out: the photo upload is
 * multipart, read by @fastify/multipart rather than a body schema.
 */
const MULTIPART_ROUTES = new Set(["PUT /api/storage/profile-images/:uid"]);

/** Every route of the OpenAPI description (`app.swagger()`, served at /api/docs). */
export async function openApiRoutes(t: TestApp): Promise<Route[]> {
  await t.app.ready();
  const document = t.app.swagger() as { paths: Record<string, Record<string, OpenApiOperation>> };
  const routes: Route[] = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const route = {
        method: method.toUpperCase() as Method,
        path: path.replace(/\{(\w+)\}/g, ":$1"),
      };
      const body = MULTIPART_ROUTES.has(routeKey(route))
        ? { contentType: "multipart/form-data", fields: [] }
        : bodyOf(operation);
      routes.push({
        ...route,
        params: fieldsOf(operation, "path"),
        query: fieldsOf(operation, "query"),
        ...(body && { body }),
      });
    }
  }
  return routes;
}

/**
 * Routes the OpenAPI description does not list: better-auth's (mounted as one
 * catch-all) and the description itself. `/dev/mailbox` exists only with
 * APP_ENV=local, never in a test app.
 */
export const NON_CONTRACT_ROUTES: Route[] = [
  { method: "GET", path: "/api/docs", params: [], query: [] },
  { method: "GET", path: "/api/auth/get-session", params: [], query: [] },
  {
    method: "POST",
    path: "/api/auth/update-user",
    params: [],
    query: [],
    body: {
      contentType: "application/json",
      fields: [
        { name: "name", type: "string", required: false },
        { name: "image", type: "string", required: false },
      ],
    },
  },
  {
    method: "POST",
    path: "/api/auth/revoke-session",
    params: [],
    query: [],
    body: {
      contentType: "application/json",
      fields: [{ name: "token", type: "string", required: true }],
    },
  },
];

/**
 * Routes whose proof is a token the server signed (an e-mail's unsubscribe
 * link), not the session: a mail client's one-click POST has no cookie, no
 * Origin and no anti-forgery header, so the cookie-forgery checks do not apply.
 */
export const SIGNED_LINK_ROUTES = new Set(["POST /api/mail/unsubscribe"]);

/**
 * better-auth's state-changing routes a page could be tricked into calling: the
 * forgery suite's targets beside the contract's non-GET routes.
 */
export const AUTH_STATE_CHANGING: { path: string; body: object }[] = [
  { path: "/api/auth/update-user", body: { name: "Hacked" } },
  { path: "/api/auth/sign-in/anonymous", body: {} },
  { path: "/api/auth/sign-out", body: {} },
  { path: "/api/auth/revoke-session", body: { token: "x" } },
  { path: "/api/auth/revoke-sessions", body: {} },
  { path: "/api/auth/revoke-other-sessions", body: {} },
  { path: "/api/auth/admin/set-role", body: { userId: "x", role: "admin" } },
  { path: "/api/auth/admin/ban-user", body: { userId: "x" } },
  { path: "/api/auth/admin/impersonate-user", body: { userId: "x" } },
];

/** Routes that read the known-device cookie (lib/auth/known-device.ts, sent to KNOWN_DEVICE_PATH only). */
export const KNOWN_DEVICE_ROUTES = [
  "POST /api/sign-in/email-link/send",
  "POST /api/sign-in/email-link/complete",
] as const;

/**
 * Helpers that answer only a program on this machine (lib/http/this-machine.ts): the
 * test clock (APP_ENV=test, in the OpenAPI description) and the mailbox of kept
 * mail with its live sign-in links (APP_ENV=local, outside it).
 */
export const THIS_MACHINE_ONLY = ["POST /api/test/clock", "GET /dev/mailbox"] as const;

/**
 * Headers a proxy, load balancer or CDN adds to what it relays: each alone makes
 * a request from a loopback peer someone else's, relayed.
 */
export const RELAY_HEADERS: Record<string, string> = {
  forwarded: "for=127.0.0.1",
  "x-forwarded-for": "127.0.0.1",
  "x-forwarded-host": "localhost",
  "x-forwarded-proto": "http",
  "x-forwarded-port": "3000",
  "x-real-ip": "127.0.0.1",
  via: "1.1 proxy",
  "true-client-ip": "127.0.0.1",
  "cf-connecting-ip": "127.0.0.1",
  "x-client-ip": "127.0.0.1",
  "x-cluster-client-ip": "127.0.0.1",
  "fastly-client-ip": "127.0.0.1",
  "x-original-forwarded-for": "127.0.0.1",
  "x-original-host": "localhost",
};

/** Requests that do not come straight from a browser on this machine: THIS_MACHINE_ONLY refuses each. */
export const NOT_THIS_MACHINE: [
  string,
  { remoteAddress?: string; headers?: Record<string, string> },
][] = [
  ["another machine on the network", { remoteAddress: "192.168.1.23" }],
  ["an IPv6 neighbour", { remoteAddress: "fe80::1" }],
  ["a public address", { remoteAddress: "203.0.113.9" }],
  // DNS rebinding: the attacker's name now resolves to 127.0.0.1, the browser still sends it.
  ["a rebound DNS name", { headers: { host: "rebind.attacker.example:4101" } }],
  ["a rebound DNS name without a port", { headers: { host: "rebind.attacker.example" } }],
  ["a name that starts like localhost", { headers: { host: "localhost.attacker.example" } }],
  ["a name that holds 127.0.0.1", { headers: { host: "127.0.0.1.nip.io:3000" } }],
  ...Object.entries(RELAY_HEADERS).map(
    ([name, value]) =>
      [`a proxy on this machine that adds ${name}`, { headers: { [name]: value } }] as [
        string,
        { headers: Record<string, string> },
      ],
  ),
];

/** `/api/groups/:id` with its params filled in; `raw` ones go as they are, already encoded. */
export function fillPath(
  path: string,
  params: Record<string, string>,
  raw: Record<string, string> = {},
): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = raw[name] ?? params[name];
    if (value === undefined) throw new Error(`no value for :${name} in ${path}`);
    return name in raw ? value : encodeURIComponent(value);
  });
}

export interface Ids {
  email: string;
  me: string;
  other: string;
  group: string;
  round: string;
  code: string;
  dilemma: string;
}
export interface Valid {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: Record<string, unknown>;
}

const group = (ids: Ids) => ({ params: { id: ids.group } });
const round = (ids: Ids) => ({ params: { id: ids.group, roundId: ids.round } });
const groupFields = { name: "Fuzzed", maxMembers: 5, daysBetweenRounds: 1 };
const none = () => ({});

/** A device's push subscription as a browser writes it: a real P-256 key and a 16-byte secret. */
const pushSubscription = {
  endpoint: "https://push.example.test/send/route-table",
  keys: {
    p256dh: createECDH("prime256v1").generateKeys().toString("base64url"),
    auth: randomBytes(16).toString("base64url"),
  },
};

/**
 * A well-formed call of every route, which each case spoils in one way. A route
 * missing here fails the suite: a new route is covered the day it is added.
 */
export const VALID: Record<string, (ids: Ids) => Valid> = {
  "GET /api/health": none,
  "GET /api/ready": none,
  "GET /api/docs": none,
  "GET /api/dilemmas/global": none,
  "POST /api/dilemmas/global/:id/selection": (ids) => ({
    params: { id: ids.dilemma },
    body: { option: "A" },
  }),
  "GET /api/dilemmas/global/:id/selection": (ids) => ({ params: { id: ids.dilemma } }),
  "POST /api/sign-in/email-link/send": (ids) => ({
    body: {
      email: ids.email,
      actionCodeSettings: { url: "/sign-in/link-router", handleCodeInApp: true },
    },
  }),
  "POST /api/sign-in/email-link/complete": (ids) => ({
    body: { token: "t0k3n", email: ids.email },
  }),
  "POST /api/email-change/send": () => ({ body: { email: "new-fuzz@example.test" } }),
  "GET /api/users/:id": (ids) => ({ params: { id: ids.me } }),
  "POST /api/new-user-properties": () => ({ body: { isAdmin: false } }),
  "PUT /api/update-user-properties": () => ({ body: {} }),
  "GET /api/check-admin": none,
  "PUT /api/storage/profile-images/:uid": (ids) => ({ params: { uid: ids.me } }),
  "GET /api/storage/profile-images/:uid": (ids) => ({ params: { uid: ids.me }, query: { v: "1" } }),
  "POST /api/groups/create": () => ({ body: groupFields }),
  "GET /api/groups": none,
  "GET /api/groups/:id": group,
  "PUT /api/groups/:id": (ids) => ({ ...group(ids), body: groupFields }),
  "DELETE /api/groups/:id": group,
  "GET /api/groups/invite/:code": (ids) => ({ params: { code: ids.code } }),
  "POST /api/groups/:id/members/add": (ids) => ({ ...group(ids), body: { inviteCode: ids.code } }),
  "POST /api/groups/:id/members/leave": group,
  "POST /api/groups/:id/members/:memberId/remove": (ids) => ({
    params: { id: ids.group, memberId: ids.other },
  }),
  "POST /api/groups/:id/invite-code/reset": group,
  "GET /api/groups/:id/events": group,
  "POST /api/groups/:id/rounds/start-first-round": group,
  "GET /api/groups/:id/rounds/current": group,
  "GET /api/rounds/current": none,
  "POST /api/groups/:id/rounds/:roundId/vote": (ids) => ({
    ...round(ids),
    body: { selectedFor: ids.other, optionSelected: "A", comments: "hi" },
  }),
  "POST /api/groups/:id/rounds/:roundId/submit-votes": round,
  "GET /api/groups/:id/leaderboard": group,
  "GET /api/groups/:id/who-knows-whom": group,
  "GET /api/groups/:id/rounds/archived": group,
  "GET /api/groups/:id/rounds/:roundId": round,
  "GET /api/groups/:id/rounds/:roundId/votes": round,
  "GET /api/groups/:id/rounds/:roundId/share": round,
  "GET /api/groups/:id/rounds/reveal": group,
  // The world's round is open: a well-formed call answered with the 404 of a round not over yet.
  "PUT /api/groups/:id/rounds/:roundId/reveal-seen": round,
  "GET /api/dilemmas/global/days/:day": () => ({ params: { day: "2020-01-01" } }),
  // Well-formed, not signed by the server: the 404 of a wrong signature.
  "GET /api/share/rounds/:shareId": () => ({ params: { shareId: "round.c2lnbmF0dXJl" } }),
  "GET /api/share/rounds/:shareId/image.png": () => ({
    params: { shareId: "round.c2lnbmF0dXJl" },
  }),
  "GET /api/share/daily/:day/image.png": () => ({ params: { day: "2020-01-01" } }),
  "POST /api/feedback/create": () => ({ body: { feedback: "Nice game" } }),
  "GET /api/admin/feedback": () => ({ query: { page: "1" } }),
  "POST /api/admin/manually-generate-dilemmas": none,
  "POST /api/admin/dilemmas": () => ({
    body: { dilemma: "Tea or coffee?", optionA: "Tea", optionB: "Coffee" },
  }),
  "GET /api/admin/dilemmas/stats": none,
  "POST /api/groups/:id/dilemmas/proposals": (ids) => ({
    ...group(ids),
    body: { dilemma: "Rain or shine, always?", optionA: "Rain", optionB: "Shine" },
  }),
  "GET /api/groups/:id/dilemmas/proposals": group,
  // Well-formed, no such proposal: the 404 of an unknown one (to its admin).
  "POST /api/groups/:id/dilemmas/proposals/:proposalId/approve": (ids) => ({
    params: { id: ids.group, proposalId: "no-such-proposal" },
  }),
  "POST /api/groups/:id/dilemmas/proposals/:proposalId/reject": (ids) => ({
    params: { id: ids.group, proposalId: "no-such-proposal" },
  }),
  // The world's round is open: the 409 of a round not over yet.
  "POST /api/groups/:id/rounds/:roundId/reports": (ids) => ({
    ...round(ids),
    body: { target: "dilemma", reason: "Rude" },
  }),
  "POST /api/groups/:id/rounds/:roundId/comments/hide": (ids) => ({
    ...round(ids),
    body: { selectedBy: ids.me, selectedFor: ids.other },
  }),
  "GET /api/admin/moderation/reports": none,
  "GET /api/admin/moderation/log": none,
  // Well-formed ids of nothing: the product admin's 404.
  "POST /api/admin/moderation/reports/:reportId/dismiss": () => ({
    params: { reportId: "no-such-report" },
  }),
  "POST /api/admin/moderation/reports/:reportId/hide": () => ({
    params: { reportId: "no-such-report" },
  }),
  "POST /api/admin/feedback/:feedbackId/done": () => ({
    params: { feedbackId: "no-such-feedback" },
  }),
  "DELETE /api/admin/feedback/:feedbackId": () => ({ params: { feedbackId: "no-such-feedback" } }),
  "POST /api/test/clock": () => ({ body: { advanceMs: 0 } }),
  "GET /api/users/me/export": none,
  "POST /api/users/me/deletion-link": none,
  // Well-formed, never issued: the 400 of a bad link.
  "POST /api/account/delete": () => ({ body: { token: "t0k3n" } }),
  // Names nobody and no group: a real one would delete the world's (the admin gets a 404).
  "POST /api/admin/accounts/delete": () => ({ body: { email: "nobody-here@example.test" } }),
  "DELETE /api/admin/groups/:id": () => ({ params: { id: "no-such-group" } }),
  "GET /api/users/me/mail-preferences": none,
  "PUT /api/users/me/mail-preferences": () => ({
    body: { reminders: true, roundResults: true, newRounds: true },
  }),
  "GET /api/push/public-key": none,
  "PUT /api/push/subscription": () => ({
    body: { ...pushSubscription, kinds: ["newRounds", "reminders"], alsoEmail: false },
  }),
  "DELETE /api/push/subscription": () => ({ body: { endpoint: pushSubscription.endpoint } }),
  // Well-formed, not signed by the server: its answer is the 400 of a bad link.
  "POST /api/mail/unsubscribe": () => ({ query: { token: "e30.c2lnbmF0dXJl" } }),
  "GET /api/auth/get-session": none,
  "POST /api/auth/update-user": () => ({ body: { name: "Fuzzer" } }),
  "POST /api/auth/revoke-session": () => ({ body: { token: "not-a-session" } }),
};

/**
 * A signed-in person (a real cookie session) who made a group that another
 * player joined, and started its first round: the ids every route's path needs.
 */
export async function world(
  t: TestApp,
  email: string,
): Promise<{ me: TestClient & { userId: string }; other: Player; ids: Ids }> {
  const me = await t.signIn(email, { name: "Owner" });
  const other = await player(t, "Other");
  const created = await me.post<{ data: { groupId: string } }>("/api/groups/create", {
    body: { name: "Route table", maxMembers: 10, daysBetweenRounds: 2 },
  });
  const groupId = created.body.data.groupId;
  await join(Object.assign(me, { name: "Owner" }), other, groupId);
  const started = await rounds.start(me, groupId);
  const read = await me.get<{ data: { groupData: { inviteCode: string } } }>(
    `/api/groups/${groupId}`,
  );
  const today = await me.get<{ data: { globalDilemmaData: { id: string } } }>(
    "/api/dilemmas/global",
  );
  const ids = {
    email,
    me: me.userId,
    other: other.userId,
    group: groupId,
    round: started.body.data.dilemmaData.roundId,
    code: read.body.data.groupData.inviteCode,
    dilemma: today.body.data.globalDilemmaData.id,
  };
  return { me, other, ids };
}

/** Counters kept as the request goes: they change without anyone's data changing. */
const UNWATCHED = new Set<PgTable>([schema.rateLimits, schema.jobRuns]);

/**
 * Every row of every table the app keeps people's data in, as text: equal
 * snapshots before and after mean nothing saved changed.
 */
export async function snapshot(t: TestApp): Promise<Record<string, string[]>> {
  const result: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(schema as Record<string, unknown>)) {
    if (!is(value, PgTable) || UNWATCHED.has(value)) continue;
    const rows = await t.db.select().from(value);
    result[name] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return result;
}
