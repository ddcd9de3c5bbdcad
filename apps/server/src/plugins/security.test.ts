import type { AddressInfo } from "node:net";
import { errorEnvelopeSchema } from "@eitheror/shared/api/envelope";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestClient } from "../../test/app";
import { createSession } from "../../test/factories";
import { rawHttp } from "../../test/raw-http";
import { globalSelections, outbox, user } from "../db/schema";

let t: TestApp;
let victim: TestClient & { userId: string };
let dilemmaId: string;
let port: number;

beforeAll(async () => {
  t = await createTestApp();
  victim = await t.signIn("victim@example.test", { name: "Victim" });
  const today = await t
    .client()
    .get<{ data: { globalDilemmaData: { id: string } } }>("/api/dilemmas/global");
  dilemmaId = today.body.data.globalDilemmaData.id;
  await t.httpClient();
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t?.close());

const EVIL = "https://evil.example";

/** Every state-changing route that was reachable by a forged request, with a harmless body. */
const targets = () => [
  { method: "POST", path: "/api/email-change/send", body: { email: "attacker@evil.example" } },
  { method: "POST", path: "/api/new-user-properties", body: { isAdmin: true } },
  { method: "PUT", path: "/api/update-user-properties", body: {} },
  { method: "POST", path: `/api/dilemmas/global/${dilemmaId}/selection`, body: { option: "A" } },
  {
    method: "POST",
    path: "/api/sign-in/email-link/send",
    body: {
      email: "victim@example.test",
      actionCodeSettings: { url: "/sign-in/link-router", handleCodeInApp: true },
    },
  },
  { method: "POST", path: "/api/test/clock", body: { advanceMs: 86_400_000 } },
  { method: "POST", path: "/api/auth/update-user", body: { name: "Hacked" } },
];

/** The ways a path can name /api/… without starting with the bytes `/api/`. */
const disguises: [string, (path: string) => string][] = [
  ["plain", (path) => path],
  ["an encoded a", (path) => path.replace("/api/", "/%61pi/")],
  ["an encoded i", (path) => path.replace("/api/", "/ap%69/")],
  ["an entirely encoded", (path) => path.replace("/api/", "/%61%70%69/")],
];

async function expectNothingChanged() {
  const [row] = await t.db.select().from(user).where(eq(user.id, victim.userId));
  expect(row?.name).toBe("Victim");
  expect(await t.db.select().from(outbox).where(eq(outbox.to, "attacker@evil.example"))).toEqual(
    [],
  );
  expect(
    await t.db.select().from(globalSelections).where(eq(globalSelections.userId, victim.userId)),
  ).toEqual([]);
  expect(Math.abs(t.clock.now().getTime() - Date.now())).toBeLessThan(60_000);
}

function cookieHeader(client: TestClient) {
  return [...client.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
}

describe("the forgery defence is decided by the route, not the raw URL", () => {
  for (const [name, disguise] of disguises) {
    it(`refuses a cookie-only request from a foreign page through ${name} path`, async () => {
      for (const { method, path, body } of targets()) {
        const response = await victim.request(method as "POST", disguise(path), {
          body,
          xsrf: false,
          headers: { origin: EVIL },
        });
        expect(response.status, `${method} ${disguise(path)}`).toBe(403);
        expect(errorEnvelopeSchema.parse(response.body).error.code).toBe("forbidden");
      }
      await expectNothingChanged();
    });
  }

  it("refuses an absolute-form request line (POST http://host/api/… HTTP/1.1)", async () => {
    for (const { method, path, body } of targets()) {
      const payload = JSON.stringify(body);
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
    for (const { method, path, body } of targets()) {
      const response = await victim.request(method as "POST", path, { body, headers });
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
