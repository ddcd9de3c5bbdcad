import type { AddressInfo } from "node:net";
import { errorEnvelopeSchema } from "@eitheror/shared/api/envelope";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestClient } from "../../test/app";
import { createSession } from "../../test/factories";
import { rawHttp } from "../../test/raw-http";
import {
  AUTH_STATE_CHANGING,
  fillPath,
  type Ids,
  openApiRoutes,
  type Route,
  routeKey,
  SIGNED_LINK_ROUTES,
  snapshot,
  VALID,
  world,
} from "../../test/route-table";

const VICTIM_EMAIL = "victim@example.test";

let t: TestApp;
let victim: TestClient & { userId: string };
let ids: Ids;
let dilemmaId: string;
let port: number;
/** Every state-changing route: each non-GET of the OpenAPI description, and better-auth's. */
let targets: { method: Exclude<Route["method"], "GET">; path: string; body?: unknown }[];

beforeAll(async () => {
  // The victim is a product admin too: a forged call to an admin route would go through.
  t = await createTestApp({ env: { ADMIN_EMAILS: VICTIM_EMAIL } });
  ({ me: victim, ids } = await world(t, VICTIM_EMAIL));
  dilemmaId = ids.dilemma;
  const contract = (await openApiRoutes(t)).filter(
    (route) => route.method !== "GET" && !SIGNED_LINK_ROUTES.has(routeKey(route)),
  );
  targets = [
    ...contract.map((route) => {
      const valid = VALID[routeKey(route)]?.(ids);
      if (!valid) throw new Error(`no well-formed call of ${routeKey(route)} in VALID`);
      const method = route.method as Exclude<typeof route.method, "GET">;
      return { method, path: fillPath(route.path, valid.params ?? {}), body: valid.body };
    }),
    ...AUTH_STATE_CHANGING.map(({ path, body }) => ({ method: "POST" as const, path, body })),
  ];
  await t.httpClient();
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t?.close());

const EVIL = "https://evil.example";

/** Each case's figures, printed once: routes × cases, and how many got through. */
const figures = { tried: 0, serverErrors: 0, accepted: 0 };
afterAll(() => {
  console.info(
    `forgery: ${targets?.length ?? 0} state-changing routes, ${figures.tried} forged requests, ${figures.serverErrors} 5xx, ${figures.accepted} unexpected 2xx`,
  );
});
function count(status: number) {
  figures.tried += 1;
  if (status >= 500) figures.serverErrors += 1;
  if (status < 400) figures.accepted += 1;
}

/** The ways a path can name /api/… without starting with the bytes `/api/`. */
const disguises: [string, (path: string) => string][] = [
  ["plain", (path) => path],
  ["an encoded a", (path) => path.replace("/api/", "/%61pi/")],
  ["an encoded i", (path) => path.replace("/api/", "/ap%69/")],
  ["an entirely encoded", (path) => path.replace("/api/", "/%61%70%69/")],
];

/** The victim's data (and everyone else's) as it was before the forged requests. */
let before: Awaited<ReturnType<typeof snapshot>>;
beforeEach(async () => {
  before = await snapshot(t);
});
async function expectNothingChanged() {
  expect(await snapshot(t)).toEqual(before);
  expect(Math.abs(t.clock.now().getTime() - Date.now())).toBeLessThan(60_000);
}

function cookieHeader(client: TestClient) {
  return [...client.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
}

describe("every state-changing route, called with the victim's cookies", () => {
  it.each([
    ["no anti-forgery token", { xsrf: false }, 403],
    ["a wrong anti-forgery token", { xsrf: false, headers: { "x-xsrf-token": "forged" } }, 403],
    [
      "an anti-forgery token in the header only",
      { xsrf: false, headers: { "x-xsrf-token": "" } },
      403,
    ],
    [
      "an invalid bearer beside the valid cookie",
      { xsrf: false, headers: { authorization: "Bearer garbage" } },
      401,
    ],
  ] as const)("refuses a request with %s", async (_, options, status) => {
    for (const { method, path, body } of targets) {
      const response = await victim.request(method, path, { body, ...options });
      count(response.status);
      expect(response.status, `${method} ${path}`).toBe(status);
      expect(errorEnvelopeSchema.safeParse(response.body).success, `${method} ${path}`).toBe(true);
    }
    await expectNothingChanged();
  });
});

describe("a route whose proof is a signed link", () => {
  it("refuses a cross-site request with a token the server did not sign, changing nothing", async () => {
    expect([...SIGNED_LINK_ROUTES]).toEqual(["POST /api/mail/unsubscribe"]);
    const payload = Buffer.from(JSON.stringify({ u: victim.userId, k: "reminders" }));
    for (const token of [`${payload.toString("base64url")}.Zm9yZ2Vk`, "forged", ""]) {
      const response = await victim.request("POST", `/api/mail/unsubscribe?token=${token}`, {
        xsrf: false,
        headers: { origin: EVIL, "sec-fetch-site": "cross-site" },
      });
      count(response.status);
      expect(response.status).toBe(400);
    }
    await expectNothingChanged();
  });
});

describe("the forgery defence is decided by the route, not the raw URL", () => {
  for (const [name, disguise] of disguises) {
    it(`refuses a cookie-only request from a foreign page through ${name} path`, async () => {
      for (const { method, path, body } of targets) {
        const response = await victim.request(method, disguise(path), {
          body,
          xsrf: false,
          headers: { origin: EVIL },
        });
        count(response.status);
        expect(response.status, `${method} ${disguise(path)}`).toBe(403);
        expect(errorEnvelopeSchema.parse(response.body).error.code).toBe("forbidden");
      }
      await expectNothingChanged();
    });
  }

  it("refuses an absolute-form request line (POST http://host/api/… HTTP/1.1)", async () => {
    for (const { method, path, body } of targets) {
      const payload = JSON.stringify(body ?? {});
      const response = await rawHttp(
        port,
        [
          `${method} http://localhost:${port}${path} HTTP/1.1`,
          `Host: localhost:${port}`,
          `Cookie: ${cookieHeader(victim)}`,
          `Origin: ${EVIL}`,
          "Content-Type: application/json",
          `Content-Length: ${Buffer.byteLength(payload)}`,
          "Connection: close",
          "",
          payload,
        ].join("\r\n"),
      );
      count(response.status);
      expect(response.status, `${method} ${path}`).toBe(403);
    }
    await expectNothingChanged();
  });
});

describe("the page a request comes from", () => {
  it.each([
    ["a foreign Origin", { origin: EVIL }],
    ["Origin: null (a sandboxed frame, a data: URL)", { origin: "null" }],
    ["another port of this host", { origin: "http://localhost:9999" }],
    ["a cross-site fetch that names no Origin", { "sec-fetch-site": "cross-site" }],
    ["a same-site fetch that names no Origin", { "sec-fetch-site": "same-site" }],
  ])("refuses %s even with a valid anti-forgery token", async (_, headers) => {
    for (const { method, path, body } of targets) {
      const response = await victim.request(method, path, { body, headers });
      count(response.status);
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(errorEnvelopeSchema.parse(response.body).error.message).toBe(
        "This request came from another site and was refused.",
      );
    }
    await expectNothingChanged();
  });

  it("accepts the app's own origin, and a same-origin fetch", async () => {
    const client = await t.anonymous();
    const path = `/api/dilemmas/global/${dilemmaId}/selection`;
    const own = await client.post(path, {
      body: { option: "A" },
      headers: { origin: t.config.publicUrl },
    });
    expect(own.status).toBe(200);
    const sameOrigin = await client.post(path, {
      body: { option: "B" },
      headers: { "sec-fetch-site": "same-origin" },
    });
    expect(sameOrigin.status).toBe(200);
  });
});

describe("pages of this machine in local mode", () => {
  const DEV_SERVER = "http://localhost:5173";
  let plain: TestApp;
  let underDev: TestApp;
  beforeAll(async () => {
    plain = await createTestApp({ env: { APP_ENV: "local", LOG_LEVEL: "silent" } });
    // What `npm run dev` starts (scripts/dev.mjs).
    underDev = await createTestApp({
      env: { APP_ENV: "local", LOG_LEVEL: "silent", DEV_SERVER_ORIGIN: DEV_SERVER },
    });
  });
  afterAll(async () => {
    await plain?.close();
    await underDev?.close();
  });

  it.each([
    ["the app's own port", "http://localhost:3000", 200, 200],
    ["the app's own port by its address", "http://127.0.0.1:3000", 200, 200],
    // No dev server runs under `npm start`: whatever holds the port is nobody we know.
    ["the Vite dev server's port", DEV_SERVER, 403, 200],
    ["the Vite dev server's port by its address", "http://127.0.0.1:5173", 403, 200],
    ["another port", "http://localhost:5174", 403, 403],
  ])(
    "takes a cookie POST from %s (%s): %i under npm start, %i under npm run dev",
    async (_name, origin, started, dev) => {
      const seen = {
        started: (
          await plain
            .client()
            .post("/api/auth/sign-in/anonymous", { body: {}, headers: { origin } })
        ).status,
        dev: (
          await underDev
            .client()
            .post("/api/auth/sign-in/anonymous", { body: {}, headers: { origin } })
        ).status,
      };
      expect(seen).toEqual({ started, dev });
    },
  );
});

describe("Authorization: Bearer", () => {
  it("refuses an invalid bearer instead of falling back to the session cookie", async () => {
    for (const authorization of ["Bearer garbage", "Bearer ", "Basic dXNlcjpwdw==", "Bearer a.b"]) {
      const rename = await victim.post("/api/auth/update-user", {
        body: { name: "Hacked" },
        xsrf: false,
        headers: { authorization },
      });
      expect(rename.status, authorization).toBe(401);
      const choose = await victim.post(`/api/dilemmas/global/${dilemmaId}/selection`, {
        body: { option: "A" },
        xsrf: false,
        headers: { authorization },
      });
      expect(choose.status, authorization).toBe(401);
      // Not even a read rides on the cookie once a bearer is named.
      const read = await victim.get(`/api/users/${victim.userId}`, { headers: { authorization } });
      expect(read.status, authorization).toBe(401);
    }
    await expectNothingChanged();
  });

  it("uses a valid bearer on its own, without the forgery checks a page needs", async () => {
    const { token } = await createSession(t.db, victim.userId);
    const client = t.client().useBearer(token);
    const response = await client.get<{ data: { userData: { id: string } } }>(
      `/api/users/${victim.userId}`,
    );
    expect(response.body.data.userData.id).toBe(victim.userId);
    const check = await client.put("/api/update-user-properties", {
      body: {},
      xsrf: false,
      headers: { origin: EVIL },
    });
    expect(check.status).toBe(200);
  });
});

describe("the session token", () => {
  it("is never handed to page scripts: not in get-session, sign-in answers or headers", async () => {
    const guest = t.client();
    const started = await guest.post<Record<string, unknown>>("/api/auth/sign-in/anonymous", {
      body: {},
    });
    expect(started.status).toBe(200);
    expect(started.body).not.toHaveProperty("token");
    expect(started.headers.get("set-auth-token")).toBeNull();

    const session = await victim.get<{ session: Record<string, unknown>; user: { id: string } }>(
      "/api/auth/get-session",
    );
    expect(session.body.user.id).toBe(victim.userId);
    expect(session.body.session).not.toHaveProperty("token");
    expect(session.headers.get("set-auth-token")).toBeNull();
    const cookieToken = decodeURIComponent(victim.cookies.get("better-auth.session_token") ?? "");
    expect(session.text).not.toContain(cookieToken.split(".")[0]);
  });
});
