import { rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { errorEnvelopeSchema } from "@eitheror/shared/api/envelope";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/app";
import { createSession, createUser } from "../test/factories";
import { rawHttp } from "../test/raw-http";
import { fillPath, openApiRoutes, routeKey } from "../test/route-table";
import { fakeWebBuild } from "../test/web-build";

/** A request id the app made up: its instance's prefix and a counter (app.ts). */
const MADE_UP_ID = /^[0-9a-f]{8}-[0-9a-z]+$/;

const ADMIN_EMAILS = ["boss@example.test", "ops@example.test", "pending@example.test"];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_EMAILS: ADMIN_EMAILS.join(",") } });
});
afterAll(() => t?.close());

describe("operations", () => {
  it("GET /api/health answers while the process is up", async () => {
    const response = await t.client().get("/api/health");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: "ok" });
  });

  it("GET /api/ready answers when the database does", async () => {
    const response = await t.client().get("/api/ready");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: "ready" });
  });

  it("makes up its own x-request-id, whatever a caller it does not trust sends (logs.test.ts: a proxy's)", async () => {
    const client = t.client();
    const sent = await client.get("/api/health", { headers: { "x-request-id": "trace-42" } });
    expect(sent.headers.get("x-request-id")).toMatch(MADE_UP_ID);

    const replaced = await client.get("/api/health", { headers: { "x-request-id": "no way!" } });
    expect(replaced.headers.get("x-request-id")).toMatch(MADE_UP_ID);

    const made = await client.get("/api/health");
    expect(made.headers.get("x-request-id")).toMatch(MADE_UP_ID);
    // This instance's prefix, and a new number each time.
    const [prefix, number] = String(made.headers.get("x-request-id")).split("-");
    const [replacedPrefix, replacedNumber] = String(replaced.headers.get("x-request-id")).split(
      "-",
    );
    expect(prefix).toBe(replacedPrefix);
    expect(Number.parseInt(String(number), 36)).toBeGreaterThan(
      Number.parseInt(String(replacedNumber), 36),
    );
  });

  it("serves an OpenAPI document of the API at /api/docs", async () => {
    const response = await t
      .client()
      .get<{ openapi: string; paths: Record<string, unknown> }>("/api/docs");
    expect(response.status).toBe(200);
    expect(response.body.openapi).toMatch(/^3\./);
    expect(Object.keys(response.body.paths)).toEqual(
      expect.arrayContaining([
        "/api/dilemmas/global",
        "/api/dilemmas/global/{id}/selection",
        "/api/check-admin",
        "/api/health",
      ]),
    );
  });
});

describe("errors", () => {
  it("answers an unknown /api path with a 404 envelope", async () => {
    const response = await t.client().get("/api/no-such-thing?x=1");
    expect(response.status).toBe(404);
    expect(response.body).toEqual({
      error: { code: "not_found", message: "There is no GET /api/no-such-thing in this API." },
    });
  });

  it("answers an unknown path of the identity provider's, and its reasonless 401, in the API's words", async () => {
    const unknown = await t.client().get("/api/auth/no-such-thing?x=1");
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({
      error: { code: "not_found", message: "There is no GET /api/auth/no-such-thing in this API." },
    });
    const adminsOnly = await t.client().get("/api/auth/admin/list-users");
    expect(adminsOnly.status).toBe(401);
    expect(adminsOnly.body).toEqual({
      error: { code: "not_signed_in", message: "Please sign in to continue." },
    });
  });

  it("answers a malformed JSON body with a 400 envelope, never a 500", async () => {
    const client = await t.anonymous();
    const { body } = await client.get<{ data: { globalDilemmaData: { id: string } } }>(
      "/api/dilemmas/global",
    );
    const response = await client.post(
      `/api/dilemmas/global/${body.data.globalDilemmaData.id}/selection`,
      { rawBody: '{"option": "A"' },
    );
    expect(response.status).toBe(400);
    expect(errorEnvelopeSchema.parse(response.body).error.code).toBe("invalid_input");
  });

  it("answers text PostgreSQL refuses (a NUL byte) with a 400 envelope, never a 500", async () => {
    const client = await t.anonymous();
    const response = await client.post("/api/dilemmas/global/%00'x/selection", {
      body: { option: "A" },
    });
    expect(response.status).toBe(400);
    expect(errorEnvelopeSchema.parse(response.body).error.message).toBe(
      "Text must not contain NUL or invalid characters.",
    );
  });

  it("answers a body of the wrong media type with a 415 envelope", async () => {
    const response = await t.client().post("/api/dilemmas/global/any/selection", {
      rawBody: "<option>A</option>",
      headers: { "content-type": "application/xml" },
    });
    expect(response.status).toBe(415);
    expect(errorEnvelopeSchema.parse(response.body).error.code).toBe("unsupported_media_type");
  });
});

describe("security", () => {
  it("sends an API answer a CSP that allows nothing, and the headers that apply to it", async () => {
    const response = await t.client().get("/api/health");
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(directive(csp, "default-src")).toEqual(["'none'"]);
    expect(directive(csp, "frame-ancestors")).toEqual(["'none'"]);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("no-referrer");
    expect(response.headers.get("cross-origin-resource-policy")).toBe("same-origin");
    // A document's headers only: not on a JSON answer.
    expect(response.headers.get("x-frame-options")).toBeNull();
    expect(response.headers.get("x-dns-prefetch-control")).toBeNull();
    // Served over http (PUBLIC_URL is http://localhost): no HSTS.
    expect(response.headers.get("strict-transport-security")).toBeNull();
  });

  it("sends a page the SPA's CSP and helmet's other headers", async () => {
    const response = await t.app.inject({ method: "GET", url: "/" });
    const csp = String(response.headers["content-security-policy"]);
    expect(directive(csp, "default-src")).toEqual(["'self'"]);
    expect(directive(csp, "script-src")).toEqual(["'self'"]);
    expect(directive(csp, "object-src")).toEqual(["'none'"]);
    expect(directive(csp, "frame-ancestors")).toEqual(["'none'"]);
    expect(response.headers["x-frame-options"]).toBe("SAMEORIGIN");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["x-request-id"]).toMatch(MADE_UP_ID);
  });

  it("hands a new visitor an XSRF-TOKEN cookie the page can read", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/health" });
    const cookie = [response.headers["set-cookie"]]
      .flat()
      .find((c) => c?.startsWith("XSRF-TOKEN="));
    expect(cookie).toMatch(/^XSRF-TOKEN=[\w-]{20,};/);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/HttpOnly/i);
  });

  it("refuses a non-GET API call whose XSRF header does not match the cookie", async () => {
    const client = t.client();
    for (const headers of [{}, { "x-xsrf-token": "forged" }] as Record<string, string>[]) {
      const response = await client.post("/api/auth/sign-in/anonymous", {
        body: {},
        xsrf: false,
        headers,
      });
      expect(response.status).toBe(403);
      expect(errorEnvelopeSchema.parse(response.body).error.code).toBe("forbidden");
    }
    expect(client.cookies.has("better-auth.session_token")).toBe(false);
  });

  it("only takes cookie POSTs to better-auth from the public URL's origin", async () => {
    // Refused by the app's own check (plugins/security.ts) before better-auth sees it.
    const response = await t.client().post("/api/auth/sign-in/anonymous", {
      body: {},
      headers: { origin: "https://evil.example" },
    });
    expect(response.status).toBe(403);
  });

  it("has better-auth refuse a cookie POST that names no origin", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/anonymous",
      headers: { cookie: "XSRF-TOKEN=t0k3n", "x-xsrf-token": "t0k3n" },
      payload: {},
    });
    expect(response.statusCode).toBe(403);
    expect(String(response.headers["set-cookie"] ?? "")).not.toMatch(/better-auth\.session_token=/);
  });
});

/** The CSP directive `name`'s sources, from a Content-Security-Policy header. */
function directive(csp: string, name: string): string[] {
  const found = csp.split(";").find((part) => part.trim().startsWith(`${name} `));
  return found ? found.trim().split(/\s+/).slice(1) : [];
}

/** The attributes of the Set-Cookie line that sets `name`, lower-cased. */
function cookieAttributes(setCookies: string[], name: string): string[] {
  const line = setCookies.find((cookie) => cookie.startsWith(`${name}=`));
  if (!line) throw new Error(`no ${name} cookie in ${setCookies.join(" | ")}`);
  return line
    .split(";")
    .slice(1)
    .map((attribute) => attribute.trim().toLowerCase());
}

describe("security headers on every route", () => {
  it("every answer of every route in the OpenAPI description carries them, errors included", async () => {
    const routes = await openApiRoutes(t);
    for (const route of routes) {
      const params = Object.fromEntries(route.params.map(({ name }) => [name, "made-up"]));
      const response = await t.client().request(route.method, fillPath(route.path, params));
      const csp = response.headers.get("content-security-policy") ?? "";
      const where = `${routeKey(route)} (${response.status})`;
      expect(directive(csp, "default-src"), where).toEqual(["'none'"]);
      expect(directive(csp, "frame-ancestors"), where).toEqual(["'none'"]);
      expect(response.headers.get("x-request-id"), where).toMatch(MADE_UP_ID);
      expect(response.headers.get("x-content-type-options"), where).toBe("nosniff");
      expect(response.headers.get("strict-transport-security"), where).toBeNull();
    }
    console.info(`headers: ${routes.length} routes checked over http`);
  });

  it("keeps 'unsafe-inline' and 'unsafe-eval' out of a page's script-src", async () => {
    const response = await t.app.inject({ method: "GET", url: "/" });
    const scripts = directive(String(response.headers["content-security-policy"]), "script-src");
    expect(scripts).toEqual(["'self'"]);
    expect(scripts).not.toContain("'unsafe-inline'");
    expect(scripts).not.toContain("'unsafe-eval'");
  });

  it("over http: the session cookie is HttpOnly and SameSite, not Secure", async () => {
    const response = await t.client().post("/api/auth/sign-in/anonymous", { body: {} });
    const session = cookieAttributes(response.headers.getSetCookie(), "better-auth.session_token");
    expect(session).toContain("httponly");
    expect(session).toContain("samesite=lax");
    expect(session).not.toContain("secure");
  });
});

describe("served over https (PUBLIC_URL https://…)", () => {
  let secure: TestApp;
  beforeAll(async () => {
    secure = await createTestApp({ env: { PUBLIC_URL: "https://eitheror.example" } });
  });
  afterAll(() => secure?.close());

  it("sends HSTS on every route, and a page upgrades insecure requests", async () => {
    for (const route of await openApiRoutes(secure)) {
      const params = Object.fromEntries(route.params.map(({ name }) => [name, "made-up"]));
      const response = await secure.client().request(route.method, fillPath(route.path, params));
      const where = routeKey(route);
      expect(response.headers.get("strict-transport-security"), where).toMatch(/max-age=\d+/);
      const csp = response.headers.get("content-security-policy") ?? "";
      expect(directive(csp, "frame-ancestors"), where).toEqual(["'none'"]);
    }
    const page = await secure.app.inject({ method: "GET", url: "/" });
    expect(String(page.headers["strict-transport-security"])).toMatch(/max-age=\d+/);
    expect(String(page.headers["content-security-policy"])).toContain("upgrade-insecure-requests");
  });

  it("marks the session and anti-forgery cookies Secure; the session one HttpOnly and SameSite", async () => {
    const response = await secure.client().post("/api/auth/sign-in/anonymous", { body: {} });
    expect(response.status).toBe(200);
    const setCookies = response.headers.getSetCookie();
    const session = cookieAttributes(setCookies, "__Secure-better-auth.session_token");
    expect(session).toEqual(expect.arrayContaining(["httponly", "secure", "samesite=lax"]));
    const fresh = await secure.app.inject({ method: "GET", url: "/api/health" });
    const xsrf = cookieAttributes([fresh.headers["set-cookie"] ?? []].flat(), "XSRF-TOKEN");
    expect(xsrf).toEqual(expect.arrayContaining(["secure", "samesite=lax"]));
    expect(xsrf).not.toContain("httponly");
  });
});

describe("security headers on the web app's own files", () => {
  let build: ReturnType<typeof fakeWebBuild>;
  let plain: TestApp;
  let secure: TestApp;
  beforeAll(async () => {
    build = fakeWebBuild();
    plain = await createTestApp({ webRoot: build.root });
    secure = await createTestApp({
      webRoot: build.root,
      env: { PUBLIC_URL: "https://eitheror.example" },
    });
  });
  afterAll(async () => {
    await plain?.close();
    await secure?.close();
    rmSync(build.root, { recursive: true, force: true });
  });

  /** The page, a client route, the manifest, a hashed asset (brotli and plain), a public file. */
  const files = () => [
    { url: "/", type: /^text\/html/ },
    { url: "/home", type: /^text\/html/ },
    { url: "/manifest.webmanifest", type: /^application\/manifest\+json/ },
    { url: build.asset, type: /javascript/, headers: { "accept-encoding": "br" } },
    { url: build.asset, type: /javascript/ },
    { url: "/theme.js", type: /javascript/ },
  ];

  async function expectHeaders(app: TestApp, https: boolean) {
    for (const { url, type, headers } of files()) {
      const response = await app.client().get(url, { headers });
      const where = `${url} ${JSON.stringify(headers ?? {})}`;
      expect(response.status, where).toBe(200);
      expect(response.headers.get("content-type"), where).toMatch(type);
      const csp = response.headers.get("content-security-policy") ?? "";
      expect(directive(csp, "default-src"), where).toEqual(["'self'"]);
      expect(directive(csp, "script-src"), where).toEqual(["'self'"]);
      expect(directive(csp, "frame-ancestors"), where).toEqual(["'none'"]);
      expect(response.headers.get("x-content-type-options"), where).toBe("nosniff");
      const hsts = response.headers.get("strict-transport-security");
      if (https) {
        expect(hsts, where).toMatch(/max-age=\d+/);
        expect(csp, where).toContain("upgrade-insecure-requests");
      } else expect(hsts, where).toBeNull();
    }
  }

  it("over http: CSP without inline script, frame-ancestors 'none', nosniff, no HSTS", async () => {
    await expectHeaders(plain, false);
  });

  it("over https: the same, with HSTS and upgrade-insecure-requests", async () => {
    await expectHeaders(secure, true);
  });

  it("serves a page whose every script the CSP lets run: none inline", async () => {
    const page = await plain.client().get("/");
    const scripts = [...page.text.matchAll(/<script([^>]*)>([^<]*)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [tag, attributes = "", body = ""] of scripts) {
      // Data for the app is not run; any other script must come from a file.
      if (/type="application\/json"/.test(attributes)) continue;
      expect(attributes, tag).toMatch(/\ssrc="\/[^"]+"/);
      expect(body.trim(), tag).toBe("");
    }
  });
});

describe("a request that takes too long to arrive (slowloris)", () => {
  let slow: TestApp;
  beforeAll(async () => {
    slow = await createTestApp({ requestTimeoutMs: 300 });
  });
  afterAll(() => slow?.close());

  it("is cut with a 408 in the envelope, while a whole request goes through", async () => {
    await slow.httpClient();
    const { port } = slow.app.server.address() as AddressInfo;
    expect(
      (
        await rawHttp(
          port,
          "GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n",
        )
      ).status,
    ).toBe(200);
    const started = Date.now();
    // Ten bytes of a hundred, then nothing more.
    const cut = await rawHttp(
      port,
      'POST /api/feedback/send HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\nConnection: close\r\n\r\n{"feedback"',
    );
    expect(cut.status).toBe(408);
    expect(JSON.parse(cut.body)).toEqual({
      error: { code: "invalid_input", message: "The request took too long to arrive." },
    });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("is allowed five minutes by default, its headers one", async () => {
    expect(t.app.server.requestTimeout).toBe(300_000);
    expect(t.app.server.headersTimeout).toBe(60_000);
  });
});

describe("GET /api/check-admin", () => {
  it("needs a session", async () => {
    const response = await t.client().get("/api/check-admin");
    expect(response.status).toBe(401);
    expect(response.body).toEqual({
      error: { code: "not_signed_in", message: "Please sign in to continue." },
    });
  });

  it("says no to an anonymous guest", async () => {
    const client = await t.anonymous();
    const response = await client.get("/api/check-admin");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ data: { isAdmin: false } });
  });

  it.each([
    ["a verified address in ADMIN_EMAILS", { email: "boss@example.test" }, true],
    ["a listed address in another case", { email: "Ops@Example.TEST" }, true],
    ["the admin role", { role: "admin" }, true],
    [
      "an unverified address in ADMIN_EMAILS",
      { email: "pending@example.test", emailVerified: false },
      false,
    ],
    ["an ordinary verified user", {}, false],
  ])("answers for %s", async (_, overrides, isAdmin) => {
    const user = await createUser(t.db, overrides);
    const { token } = await createSession(t.db, user.id);
    const response = await t.client().useBearer(token).get("/api/check-admin");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ data: { isAdmin } });
  });
});

describe("outside APP_ENV=test", () => {
  it("has no test clock and sends HSTS when served over https", async () => {
    const local = await createTestApp({
      env: { APP_ENV: "local", LOG_LEVEL: "warn", PUBLIC_URL: "https://eitheror.example" },
    });
    try {
      const response = await local.client().post("/api/test/clock", { body: { advanceMs: 1000 } });
      expect(response.status).toBe(404);
      expect(errorEnvelopeSchema.parse(response.body).error.code).toBe("not_found");

      const health = await local.client().get("/api/health");
      expect(health.headers.get("strict-transport-security")).toContain("max-age=");
    } finally {
      await local.close();
    }
  });
});

describe("POST /api/test/clock", () => {
  it("moves the server clock forward in APP_ENV=test", async () => {
    const before = Date.now();
    const response = await t.client().post<{ data: { now: string } }>("/api/test/clock", {
      body: { advanceMs: 3_600_000 },
    });
    expect(response.status).toBe(200);
    expect(Date.parse(response.body.data.now) - before).toBeGreaterThanOrEqual(3_600_000);
  });

  it("refuses to move it backwards", async () => {
    const response = await t.client().post("/api/test/clock", { body: { advanceMs: -1 } });
    expect(response.status).toBe(400);
  });
});
