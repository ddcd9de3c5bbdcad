import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app";

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

  it("does not exist outside local mode", async () => {
    const page = await test.client().get("/dev/mailbox");
    expect(page.text).not.toContain("mailbox");
  });
});
