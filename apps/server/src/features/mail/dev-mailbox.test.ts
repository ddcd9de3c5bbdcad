import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app";
import { groupWith, player, rounds } from "../../../test/rounds";

describe("/dev/mailbox", () => {
  let local: TestApp;
  let test: TestApp;
  beforeAll(async () => {
    local = await createTestApp({ env: { APP_ENV: "local", LOG_LEVEL: "silent" } });
    test = await createTestApp();
  });
  afterAll(async () => {
    await local?.close();
    await test?.close();
  });

  it("shows the mail kept in the outbox, with a clickable sign-in link, in local mode", async () => {
    const email = "mailbox@example.test";
    await local.client().post("/api/sign-in/email-link/send", {
      body: { email, actionCodeSettings: { url: "/sign-in/link-router", handleCodeInApp: true } },
    });
    const { link } = await local.lastMail(email);

    const page = await local.client().get("/dev/mailbox");
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    expect(page.text).toContain("Sign in to eitheror");
    expect(page.text).toContain(`<a href="${link?.replaceAll("&", "&#38;")}">`);
  });

  it("shows the game's e-mails too, kept instead of queued for SMTP", async () => {
    const admin = await player(local, "Nia");
    const groupId = await groupWith(admin, [await player(local, "Oto")]);
    expect((await rounds.start(admin, groupId)).status).toBe(200);
    const page = await local.client().get("/dev/mailbox");
    expect(page.text).toContain("A new round started in Round table");
    expect(page.text).toContain("/api/mail/unsubscribe?token=");
  });

  it("opens from this machine over real HTTP (IPv4 loopback)", async () => {
    const page = await (await local.httpClient()).get("/dev/mailbox");
    expect(page.status).toBe(200);
  });

  it.each([
    ["another machine on the network", "192.168.1.23", {}],
    ["an IPv6 neighbour", "fe80::1", {}],
    ["a public address", "203.0.113.9", {}],
  ])("is refused with a 403 and no mail from %s", async (_who, remoteAddress, headers) => {
    await local.client().post("/api/sign-in/email-link/send", {
      body: {
        email: "victim@example.test",
        actionCodeSettings: { url: "/sign-in/link-router", handleCodeInApp: true },
      },
    });
    const page = await local.client().get("/dev/mailbox", { remoteAddress, headers });
    expect(page.status).toBe(403);
    expect(page.text).toContain("only from a browser on this machine");
    expect(page.text).not.toContain("victim@example.test");
    expect(page.text).not.toContain("token=");
  });

  it("is refused when a proxy on this machine relays it, whatever the proxy claims", async () => {
    for (const headers of [
      { "x-forwarded-for": "127.0.0.1" } as Record<string, string>,
      { forwarded: "for=127.0.0.1" },
      { "x-real-ip": "127.0.0.1" },
    ]) {
      const page = await local.client().get("/dev/mailbox", { headers });
      expect(page.status).toBe(403);
    }
  });

  it("does not exist outside local mode", async () => {
    const page = await test.client().get("/dev/mailbox");
    expect(page.text).not.toContain("mailbox");
  });
});
