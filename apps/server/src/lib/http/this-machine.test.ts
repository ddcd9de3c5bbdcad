// The helpers for this machine only, against every way a request can come from
// elsewhere: another address, a rebound DNS name, a proxy on this machine.
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app";
import { rawHttp } from "../../../test/raw-http";
import { NOT_THIS_MACHINE, THIS_MACHINE_ONLY } from "../../../test/route-table";

const HOUR_MS = 60 * 60 * 1000;
const VICTIM = "victim-of-rebinding@example.test";

let local: TestApp;
let test: TestApp;
beforeAll(async () => {
  local = await createTestApp({ env: { APP_ENV: "local", LOG_LEVEL: "silent" } });
  test = await createTestApp();
  // A live sign-in link in the mailbox: what an attacker would be after.
  const sent = await local.client().post("/api/sign-in/email-link/send", {
    body: {
      email: VICTIM,
      actionCodeSettings: { url: "/sign-in/link-router", handleCodeInApp: true },
    },
  });
  expect(sent.status).toBe(200);
});
afterAll(async () => {
  await local?.close();
  await test?.close();
});

type From = { remoteAddress?: string; headers?: Record<string, string> };

/** Each helper called as `from` says, answering whether it did its work. */
const helpers: Record<(typeof THIS_MACHINE_ONLY)[number], (from: From) => Promise<boolean>> = {
  "GET /dev/mailbox": async (from) => {
    const page = await local.client().get("/dev/mailbox", from);
    const opened = page.status === 200;
    if (!opened) {
      expect(page.status).toBe(403);
      expect(page.text).toContain("only from a browser on this machine");
      expect(page.text).not.toContain(VICTIM);
      expect(page.text).not.toContain("token=");
    }
    return opened;
  },
  "POST /api/test/clock": async (from) => {
    const before = test.clock.now().getTime();
    const moved = await test.client().post<{ error: { message: string } }>("/api/test/clock", {
      body: { advanceMs: HOUR_MS },
      ...from,
    });
    const after = test.clock.now().getTime();
    test.clock.reset();
    if (moved.status !== 200) {
      expect(moved.status).toBe(403);
      expect(moved.body.error.message).toBe("The test clock moves only from this machine.");
      // Only real time passed between the two reads, not the hour asked for.
      expect(after - before).toBeLessThan(HOUR_MS);
    }
    return moved.status === 200;
  },
};

describe("helpers for this machine only", () => {
  it("lists every one of them", () => {
    expect(Object.keys(helpers).sort()).toEqual([...THIS_MACHINE_ONLY].sort());
  });

  it.each(NOT_THIS_MACHINE)("refuses %s", async (_who, from) => {
    for (const key of THIS_MACHINE_ONLY) {
      expect(await helpers[key](from), key).toBe(false);
    }
  });

  it.each([
    ["localhost with a port", "localhost:3000"],
    ["localhost without one", "localhost"],
    ["127.0.0.1", "127.0.0.1:3000"],
    ["IPv6 loopback", "[::1]:3000"],
  ])("answers a browser on this machine that calls it %s", async (_name, host) => {
    for (const key of THIS_MACHINE_ONLY) {
      expect(await helpers[key]({ headers: { host } }), key).toBe(true);
    }
  });

  it("answers over real HTTP from this machine, and refuses a rebound name or none there", async () => {
    await local.httpClient();
    const port = (local.app.server.address() as AddressInfo).port;
    const ask = (host: string) =>
      rawHttp(port, `GET /dev/mailbox HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
    const own = await ask(`127.0.0.1:${port}`);
    expect(own.status).toBe(200);
    expect(own.body).toContain(VICTIM);
    for (const host of ["rebind.attacker.example:4101", ""]) {
      const refused = await ask(host);
      expect(refused.status, host).toBeGreaterThanOrEqual(400);
      expect(refused.body, host).not.toContain("token=");
    }
  });
});
