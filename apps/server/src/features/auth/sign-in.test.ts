import { createHash } from "node:crypto";
import { authMessages } from "@eitheror/shared/auth/schema";
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestClient } from "../../../test/app";
import { createSession, createUser } from "../../../test/factories";
import { startSmtpReceiver } from "../../../test/smtp-receiver";
import {
  emailLinkTokens,
  globalDilemmas,
  globalSelections,
  outbox,
  session,
  user,
} from "../../db/schema";
import { AUTH_BASE_PATH } from "../../lib/auth/provider";
import { deleteAbandonedGuests } from "../users/data";
import { deleteTokensExpiredBefore, insertEmailLinkToken } from "./data";
import { STRANGER_LINKS_PER_ADDRESS_PER_HOUR } from "./service";

const SEND = "/api/sign-in/email-link/send";
const COMPLETE = "/api/sign-in/email-link/complete";
const TEN_MINUTES_MS = 10 * 60 * 1000;

type ErrorBody = { error: { code: string; message: string; messages?: string[] } };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

let serial = 0;
/** An address no other test uses. */
const newEmail = (name = "player") => `${name}-${++serial}-${Date.now()}@example.test`;

function send(client: TestClient, email: unknown, url = "/sign-in/link-router") {
  return client.post<{ data: { email: string } }>(SEND, {
    body: { email, actionCodeSettings: { url, handleCodeInApp: true } },
  });
}

function complete(client: TestClient, token: string, email: string) {
  return client.post<
    { data: { userData: { id: string; displayName: string | null } } } & ErrorBody
  >(COMPLETE, { body: { token, email } });
}

async function linkFor(email: string, client = t.client()): Promise<string> {
  const response = await send(client, email);
  expect(response.status).toBe(200);
  return (await t.lastMail(email)).token;
}

async function tokensFor(email: string): Promise<number> {
  const [row] = await t.db
    .select({ n: count() })
    .from(emailLinkTokens)
    .where(eq(emailLinkTokens.email, email));
  return row?.n ?? 0;
}

async function mailsTo(email: string): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(outbox).where(eq(outbox.to, email));
  return row?.n ?? 0;
}

const STRANGERS_REFUSED =
  "Too many sign-in links were requested for this address. Please try again in an hour, or ask from a browser you have signed in with before.";

async function sessionUser(client: TestClient) {
  const response = await client.get<{
    user: { id: string; email: string; emailVerified: boolean };
  } | null>(`${AUTH_BASE_PATH}/get-session`);
  return response.body?.user ?? null;
}

async function sessionsOf(userId: string): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(session).where(eq(session.userId, userId));
  return row?.n ?? 0;
}

describe("sending a sign-in link", () => {
  it("answers known and unknown addresses alike, and mails both a link", async () => {
    const known = await createUser(t.db, { email: newEmail("known") });
    const unknown = newEmail("unknown");

    const a = await send(t.client(), known.email);
    const b = await send(t.client(), unknown);

    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(Object.keys(a.body.data)).toEqual(Object.keys(b.body.data));
    expect(a.body.data.email).toBe(known.email);
    expect(b.body.data.email).toBe(unknown);
    expect((await t.lastMail(known.email)).link).toBeDefined();
    expect((await t.lastMail(unknown)).link).toBeDefined();
  });

  it("trims and lowercases the address", async () => {
    const email = newEmail("mixed");
    const response = await send(t.client(), `  ${email.toUpperCase()}  `);
    expect(response.status).toBe(200);
    expect(response.body.data.email).toBe(email);
    expect((await t.lastMail(email)).subject).toBe("Sign in to eitheror");
  });

  it("mails a well-made message: product name, link in text and HTML, 256-bit token stored only hashed", async () => {
    const email = newEmail("mail");
    await send(t.client(), email);
    const mail = await t.lastMail(email);

    expect(mail.link?.startsWith(`${t.config.publicUrl}/sign-in/link-router?token=`)).toBe(true);
    expect(mail.text).toContain("eitheror");
    expect(mail.html).toContain("eitheror");
    expect(mail.html).toContain(mail.link?.replaceAll("&", "&#38;"));
    expect(mail.token).toMatch(/^[\w-]{43}$/);

    const rows = await t.db.select().from(emailLinkTokens).where(eq(emailLinkTokens.email, email));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).toBe(createHash("sha256").update(mail.token).digest("base64url"));
    expect(JSON.stringify(rows)).not.toContain(mail.token);
  });

  it.each([
    [undefined, "This field is required."],
    ["", "This field is required."],
    ["not-an-address", "Invalid email format."],
    ["a@b", "Invalid email format."],
  ])("refuses the address %j with %j", async (email, message) => {
    const response = await send(t.client(), email);
    expect(response.status).toBe(400);
    expect((response.body as unknown as ErrorBody).error.messages).toContain(message);
  });

  it("requires a continue URL and handleCodeInApp: true", async () => {
    const email = newEmail();
    const noUrl = await t.client().post<ErrorBody>(SEND, {
      body: { email, actionCodeSettings: { url: " ", handleCodeInApp: true } },
    });
    const notInApp = await t.client().post<ErrorBody>(SEND, {
      body: { email, actionCodeSettings: { url: "/sign-in/link-router", handleCodeInApp: false } },
    });
    expect(noUrl.status).toBe(400);
    expect(noUrl.body.error.messages).toContain("The continue URL is required.");
    expect(notInApp.status).toBe(400);
    expect(notInApp.body.error.messages).toContain("handleCodeInApp must be true.");
  });

  it("limits one browser's links per address with a 429 and a clear message, until the window passes", async () => {
    const email = newEmail("limited");
    // The owner's own browser, past the allowance strangers share: the limit on one requester.
    const owner = await t.signIn(email);
    for (let i = 0; i < 4; i++) expect((await send(owner, email)).status).toBe(200);

    const refused = await send(owner, email);
    expect(refused.status).toBe(429);
    expect((refused.body as unknown as ErrorBody).error.message).toBe(
      "Too many sign-in links were requested for this address. Please wait 15 minutes and try again.",
    );
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await tokensFor(email)).toBe(5);

    await t.client().post("/api/test/clock", { body: { advanceMs: 16 * 60 * 1000 } });
    expect((await send(owner, email)).status).toBe(200);
  });

  it("sends strangers a few links an hour per address, all networks together", async () => {
    const email = newEmail("capped");
    const from = (n: number) =>
      t.client().post<ErrorBody>(SEND, {
        body: { email, actionCodeSettings: { url: "/sign-in/link-router", handleCodeInApp: true } },
        remoteAddress: `198.51.100.${n}`,
      });
    for (let n = 1; n <= STRANGER_LINKS_PER_ADDRESS_PER_HOUR; n++) {
      expect((await from(n)).status).toBe(200);
    }
    const refused = await from(99);
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toBe(STRANGERS_REFUSED);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(3500);
    expect(await tokensFor(email)).toBe(STRANGER_LINKS_PER_ADDRESS_PER_HOUR);
  });

  it("answers 503 with the spec's message when the mail server is unreachable", async () => {
    const receiver = await startSmtpReceiver();
    const { url } = receiver;
    await receiver.close();
    const broken = await createTestApp({ env: { SMTP_URL: url } });
    try {
      const response = await send(broken.client(), newEmail());
      expect(response.status).toBe(503);
      expect((response.body as unknown as ErrorBody).error.message).toBe(authMessages.sendFailed);
    } finally {
      await broken.close();
    }
  });
});

describe("limits per IP address", () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ env: { SIGN_IN_LIMIT_PER_IP: "3" } });
  });
  afterAll(() => limited?.close());

  it("refuses the fourth link from one address within the hour, whatever the e-mail", async () => {
    for (let i = 0; i < 3; i++) expect((await send(limited.client(), newEmail())).status).toBe(200);
    const refused = await send(limited.client(), newEmail());
    expect(refused.status).toBe(429);
    expect((refused.body as unknown as ErrorBody).error.message).toMatch(/from your network/);
  });

  it("limits new guest sessions too", async () => {
    for (let i = 0; i < 30; i++) await limited.client().signInAnonymously();
    const refused = await limited
      .client()
      .post<ErrorBody>(`${AUTH_BASE_PATH}/sign-in/anonymous`, { body: {} });
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe("rate_limited");
  });
});

describe("behind a proxy (TRUST_PROXY, decision 0037)", () => {
  let proxied: TestApp;
  beforeAll(async () => {
    proxied = await createTestApp({ env: { TRUST_PROXY: "true", SIGN_IN_LIMIT_PER_IP: "30" } });
  });
  afterAll(() => proxied?.close());

  let spoofs = 0;
  /** An address the client writes itself, a new one each time. */
  const madeUp = () => {
    spoofs += 1;
    return `10.${(spoofs >> 16) & 255}.${(spoofs >> 8) & 255}.${spoofs & 255}`;
  };
  const viaProxy = (app: TestApp, email: string, forwardedFor: string, client = app.client()) =>
    client.post<ErrorBody>(SEND, {
      body: { email, actionCodeSettings: { url: "/sign-in/link-router", handleCodeInApp: true } },
      // The proxy (this machine) appends the address it saw to what the client sent.
      headers: { "x-forwarded-for": forwardedFor },
    });

  it("counts 40 requests with made-up left-most X-Forwarded-For entries as the one client the proxy saw", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      const response = await viaProxy(proxied, newEmail(), `${madeUp()}, 127.0.0.72`);
      statuses.push(response.status);
      if (response.status !== 200) {
        expect(response.body.error.message).toMatch(/from your network/);
      }
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(30);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
  });

  it("lets one machine's made-up entries count as one requester: they cannot lock a second victim out", async () => {
    const victim = newEmail("second-victim");
    const owner = await proxied.signIn(victim);
    const answers: string[] = [];
    for (let i = 0; i < 31; i++) {
      const response = await viaProxy(proxied, victim, `${madeUp()}, 127.0.0.73`);
      answers.push(response.status === 200 ? "sent" : response.body.error.message);
    }
    // One requester's share, then that requester's own refusals (and its network's).
    expect(answers.filter((answer) => answer === "sent").length).toBeLessThanOrEqual(5);
    const ownRefusals = answers.filter(
      (answer) =>
        answer ===
        "Too many sign-in links were requested for this address. Please wait 15 minutes and try again.",
    );
    expect(ownRefusals.length).toBeGreaterThan(20);
    // The victim, through the proxy from their own network, with their browser.
    const own = await viaProxy(proxied, victim, "198.51.100.20", owner);
    expect(own.status).toBe(200);
  });

  it.each([
    [
      "two proxies (TRUST_PROXY=2)",
      "2",
      "127.0.0.1",
      "203.0.113.5, 10.0.0.2",
      "198.51.100.1, 10.0.0.2",
    ],
    [
      "a list of proxies",
      "127.0.0.1, 10.0.0.0/8",
      "127.0.0.1",
      "203.0.113.5, 10.0.0.2",
      "198.51.100.1, 10.0.0.3",
    ],
    ["a client that is not a listed proxy", "10.0.0.0/8", "203.0.113.5", "", ""],
    ["no trusted proxy (TRUST_PROXY=false)", "false", "203.0.113.5", "", ""],
  ])(
    "with %s, made-up left-most entries do not make a client another",
    async (_case, TRUST_PROXY, remoteAddress, seen, other) => {
      const app = await createTestApp({ env: { TRUST_PROXY, SIGN_IN_LIMIT_PER_IP: "3" } });
      try {
        const from = (forwarded: string, peer = remoteAddress) =>
          app.client().post<ErrorBody>(SEND, {
            body: {
              email: newEmail(),
              actionCodeSettings: { url: "/sign-in/link-router", handleCodeInApp: true },
            },
            headers: { "x-forwarded-for": [madeUp(), forwarded].filter(Boolean).join(", ") },
            remoteAddress: peer,
          });
        for (let i = 0; i < 3; i++) expect((await from(seen)).status).toBe(200);
        const refused = await from(seen);
        expect(refused.status).toBe(429);
        expect(refused.body.error.message).toMatch(/from your network/);
        // Another client, as the proxies (or the socket) tell it, is not refused.
        const another = await from(other, other ? remoteAddress : "198.51.100.1");
        expect(another.status).toBe(200);
      } finally {
        await app.close();
      }
    },
  );
});

describe("no stranger can lock the owner out (the known-device cookie, decision 0036)", () => {
  const HOUR_MS = 60 * 60 * 1000;
  const DEVICE_COOKIE = "eitheror.known_device";

  it("strangers on six addresses use up only their own allowance: the owner's browser, from a seventh, still gets its link", async () => {
    const email = newEmail("owner");
    // The owner signed in on this browser once: it holds the proof since.
    const earlier = await t.signIn(email, {
      client: await t.httpClient({ localAddress: "127.0.0.17" }),
    });
    expect(earlier.cookies.get(DEVICE_COOKIE)).toBeDefined();
    // An hour later nothing of that sign-in counts any more.
    t.clock.advance(HOUR_MS);
    const before = await mailsTo(email);

    const answers: number[] = [];
    for (let n = 11; n <= 16; n++) {
      const stranger = await t.httpClient({ localAddress: `127.0.0.${n}` });
      for (let i = 0; i < 5; i++) {
        const response = await send(stranger, email);
        answers.push(response.status);
        if (response.status !== 200) {
          expect(response.status).toBe(429);
          expect((response.body as unknown as ErrorBody).error.message).toMatch(
            /^Too many sign-in links were requested for this address\./,
          );
        }
      }
    }
    expect(answers.filter((status) => status === 200)).toHaveLength(
      STRANGER_LINKS_PER_ADDRESS_PER_HOUR,
    );
    expect(await mailsTo(email)).toBe(before + STRANGER_LINKS_PER_ADDRESS_PER_HOUR);

    // The owner, on a seventh address (another network), with the browser's cookie.
    const owner = await t.httpClient({ localAddress: "127.0.0.18" });
    for (const [name, value] of earlier.cookies) owner.cookies.set(name, value);
    const own = await send(owner, email);
    expect(own.status).toBe(200);
    expect(await mailsTo(email)).toBe(before + STRANGER_LINKS_PER_ADDRESS_PER_HOUR + 1);
    const { token } = await t.lastMail(email);
    expect((await complete(owner, token, email)).status).toBe(200);
  });

  it("sets the proof HttpOnly, SameSite=Lax, for the sign-in routes only, for a year", async () => {
    const browser = t.client();
    const email = newEmail("cookie");
    const token = await linkFor(email, browser);
    const done = await complete(browser, token, email);
    const line = done.headers.getSetCookie().find((c) => c.startsWith(`${DEVICE_COOKIE}=`));
    const attributes = (line ?? "").split(";").map((part) => part.trim().toLowerCase());
    expect(attributes).toEqual(
      expect.arrayContaining([
        "httponly",
        "samesite=lax",
        "path=/api/sign-in/email-link",
        `max-age=${365 * 24 * 60 * 60}`,
      ]),
    );
    // Served over http here: a Secure cookie would never come back.
    expect(attributes).not.toContain("secure");
    // It names no address.
    expect(line).not.toContain(encodeURIComponent(email));
    expect(line).not.toContain(email);
  });

  it("is Secure, with the __Secure- prefix, when the app is served over https", async () => {
    const secure = await createTestApp({ env: { PUBLIC_URL: "https://eitheror.example" } });
    try {
      const browser = secure.client();
      const email = newEmail("secure");
      await send(browser, email);
      const { token } = await secure.lastMail(email);
      const done = await complete(browser, token, email);
      const line = done.headers
        .getSetCookie()
        .find((c) => c.startsWith(`__Secure-${DEVICE_COOKIE}=`));
      expect(line?.toLowerCase()).toContain("; secure");
    } finally {
      await secure.close();
    }
  });

  const BASE64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  /** The same bytes spelled otherwise: a 22-character base64url's last character keeps 2 bits, the low 4 are slack. */
  const respelled = (cookie: string) => {
    const last = BASE64URL.indexOf(cookie.at(-1) ?? "A");
    return `${cookie.slice(0, -1)}${BASE64URL[last ^ 1]}`;
  };
  /** Another signature: the first character changed. */
  const altered = (signature: string) => `${signature[0] === "A" ? "B" : "A"}${signature.slice(1)}`;

  it.each([
    ["the browser's own cookie", 200, (genuine: string) => genuine],
    ["a cookie for another address (the asker's own)", 429, (_: string, other: string) => other],
    ["a made-up cookie", 429, () => `${"A".repeat(22)}.${"B".repeat(22)}`],
    [
      "the cookie with its signature changed",
      429,
      (genuine: string) => `${genuine.slice(0, 23)}${altered(genuine.slice(23))}`,
    ],
    ["the cookie spelled otherwise, the same bytes", 429, respelled],
    ["the cookie with base64 padding", 429, (genuine: string) => `${genuine}==`],
    [
      "the cookie's signature under another device id",
      429,
      (genuine: string) => `${"C".repeat(22)}${genuine.slice(22)}`,
    ],
    [
      "the signature beside another cookie's device id",
      429,
      (genuine: string, other: string) => `${other.slice(0, 22)}${genuine.slice(22)}`,
    ],
  ] as const)(
    "once strangers used the allowance, answers %s with %i",
    async (_case, status, cookieOf) => {
      const victim = newEmail("victim");
      const genuine = (await t.signIn(victim)).cookies.get(DEVICE_COOKIE) ?? "";
      const other = (await t.signIn(newEmail("asker"))).cookies.get(DEVICE_COOKIE) ?? "";
      // The victim's own sign-in took one link of the strangers' allowance.
      for (let n = 2; n <= STRANGER_LINKS_PER_ADDRESS_PER_HOUR; n++) {
        const response = await t.client().post(SEND, {
          body: {
            email: victim,
            actionCodeSettings: { url: "/sign-in/link-router", handleCodeInApp: true },
          },
          remoteAddress: `192.0.2.${n}`,
        });
        expect(response.status).toBe(200);
      }
      const asker = t.client();
      asker.cookies.set(DEVICE_COOKIE, cookieOf(genuine, other));
      const answer = await send(asker, victim);
      expect(answer.status).toBe(status);
      if (status === 429) {
        expect((answer.body as unknown as ErrorBody).error.message).toBe(STRANGERS_REFUSED);
      }
    },
  );

  it("proves every address this browser signed in to, and an e-mail change's new one", async () => {
    const browser = t.client();
    const first = newEmail("first");
    const second = newEmail("second");
    await t.signIn(first, { client: browser });
    await t.signIn(second, { client: browser });
    const moved = newEmail("moved");
    await browser.post("/api/email-change/send", { body: { email: moved } });
    const { token } = await t.lastMail(moved);
    expect((await complete(browser, token, moved)).status).toBe(200);

    for (const email of [first, second, moved]) {
      for (let n = 1; n <= STRANGER_LINKS_PER_ADDRESS_PER_HOUR; n++) {
        await t.client().post(SEND, {
          body: {
            email,
            actionCodeSettings: { url: "/sign-in/link-router", handleCodeInApp: true },
          },
          remoteAddress: `192.0.2.${100 + n}`,
        });
      }
      expect((await send(t.client(), email)).status, `a stranger asking for ${email}`).toBe(429);
      expect((await send(browser, email)).status, `this browser asking for ${email}`).toBe(200);
    }
  });
});

describe("completing a link", () => {
  it("signs a new person in with a verified address and no name yet", async () => {
    const email = newEmail("new");
    const browser = t.client();
    const token = await linkFor(email, browser);

    const response = await complete(browser, token, email);

    expect(response.status).toBe(200);
    expect(response.body.data.userData).toMatchObject({
      displayName: null,
      email,
      emailVerified: true,
    });
    const me = await sessionUser(browser);
    expect(me).toMatchObject({ id: response.body.data.userData.id, email, emailVerified: true });
  });

  it("signs a known person in to their own account", async () => {
    const known = await createUser(t.db, { email: newEmail("known"), name: "Grace" });
    const browser = t.client();
    const response = await complete(browser, await linkFor(known.email), known.email);
    expect(response.status).toBe(200);
    expect(response.body.data.userData).toMatchObject({ id: known.id, displayName: "Grace" });
  });

  it("opening the link page (GET) does not use the token", async () => {
    const email = newEmail();
    const token = await linkFor(email);
    const page = await t.client().get(`/sign-in/link-router?token=${token}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    expect((await complete(t.client(), token, email)).status).toBe(200);
  });

  it("refuses a wrong address without using the token", async () => {
    const email = newEmail("right");
    const token = await linkFor(email);

    const wrong = await complete(t.client(), token, newEmail("wrong"));
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toBe(authMessages.invalidLink);

    expect((await complete(t.client(), token, email)).status).toBe(200);
  });

  it("refuses a used token", async () => {
    const email = newEmail();
    const token = await linkFor(email);
    expect((await complete(t.client(), token, email)).status).toBe(200);
    const again = await complete(t.client(), token, email);
    expect(again.status).toBe(400);
    expect(again.body.error.message).toBe(authMessages.invalidLink);
  });

  it("refuses an unknown token", async () => {
    const response = await complete(t.client(), "x".repeat(43), newEmail());
    expect(response.status).toBe(400);
    expect(response.body.error.message).toBe(authMessages.invalidLink);
  });

  it("refuses an expired token (10 minutes, on the test clock)", async () => {
    const email = newEmail("late");
    const fresh = await linkFor(email);
    const stale = await linkFor(email);

    await t.client().post("/api/test/clock", { body: { advanceMs: TEN_MINUTES_MS - 60_000 } });
    expect((await complete(t.client(), fresh, email)).status).toBe(200);

    await t.client().post("/api/test/clock", { body: { advanceMs: 61_000 } });
    const expired = await complete(t.client(), stale, email);
    expect(expired.status).toBe(400);
    expect(expired.body.error).toEqual({
      code: "link_expired",
      message: authMessages.linkExpired,
    });
  });

  it("says 'expired' only to whoever holds the token and its address; else 'invalid'", async () => {
    const email = newEmail("old");
    const expired = await linkFor(email);
    const used = await linkFor(email);
    expect((await complete(t.client(), used, email)).status).toBe(200);
    await t.client().post("/api/test/clock", { body: { advanceMs: TEN_MINUTES_MS + 1000 } });

    const refusals = [
      // The right token to another address: nothing about either is told.
      await complete(t.client(), expired, newEmail("other")),
      // Used, then expired: used is what it is.
      await complete(t.client(), used, email),
      await complete(t.client(), "y".repeat(43), email),
    ];
    for (const refusal of refusals) {
      expect(refusal.status).toBe(400);
      expect(refusal.body.error).toEqual({
        code: "invalid_link",
        message: authMessages.invalidLink,
      });
    }
    expect((await complete(t.client(), expired, email)).body.error.code).toBe("link_expired");
    // A new link to the same address works as any.
    expect((await complete(t.client(), await linkFor(email), email)).status).toBe(200);
  });

  it("keeps an older unexpired link working after a newer one was sent", async () => {
    const email = newEmail();
    const older = await linkFor(email);
    const newer = await linkFor(email);
    expect(older).not.toBe(newer);
    expect((await complete(t.client(), older, email)).status).toBe(200);
    expect((await complete(t.client(), newer, email)).status).toBe(200);
  });

  it("gives exactly one session to 20 parallel completions of one token", async () => {
    const email = newEmail("race");
    const token = await linkFor(email);
    const browsers = await Promise.all(Array.from({ length: 20 }, () => t.httpClient()));

    const answers = await Promise.all(browsers.map((browser) => complete(browser, token, email)));

    expect(answers.map((answer) => answer.status).sort()).toEqual([
      200,
      ...Array<number>(19).fill(400),
    ]);
    const [account] = await t.db.select().from(user).where(eq(user.email, email));
    expect(account).toBeDefined();
    expect(await sessionsOf(account?.id ?? "")).toBe(1);
  });

  it("refuses a disabled account and ends its sessions' power", async () => {
    const banned = await createUser(t.db, { email: newEmail("banned"), banned: true });
    const response = await complete(t.client(), await linkFor(banned.email), banned.email);
    expect(response.status).toBe(403);
    expect(await sessionsOf(banned.id)).toBe(0);
  });
});

describe("returnUrl", () => {
  it("keeps a same-site path in the link", async () => {
    const email = newEmail();
    await send(t.client(), email, "/sign-in/link-router?returnUrl=%2Finvite%2Fabc%3Fx%3D1");
    const { link } = await t.lastMail(email);
    expect(new URL(link ?? "").searchParams.get("returnUrl")).toBe("/invite/abc?x=1");
  });

  it.each(["//evil.example", "https://evil.example", "/\\evil.example", "javascript:alert(1)"])(
    "drops %j, and the link stays on this site",
    async (returnUrl) => {
      const email = newEmail("evil");
      await send(
        t.client(),
        email,
        `https://evil.example/sign-in/link-router?returnUrl=${encodeURIComponent(returnUrl)}`,
      );
      const link = new URL((await t.lastMail(email)).link ?? "");
      expect(link.origin).toBe(t.config.publicUrl);
      expect(link.searchParams.has("returnUrl")).toBe(false);
    },
  );
});

describe("a guest signing in", () => {
  async function todayId(client: TestClient): Promise<string> {
    const response = await client.get<{ data: { globalDilemmaData: { id: string } } }>(
      "/api/dilemmas/global",
    );
    return response.body.data.globalDilemmaData.id;
  }

  async function counts(id: string) {
    const [row] = await t.db
      .select({ a: globalDilemmas.countA, b: globalDilemmas.countB })
      .from(globalDilemmas)
      .where(eq(globalDilemmas.id, id));
    const [rows] = await t.db
      .select({ n: count() })
      .from(globalSelections)
      .where(eq(globalSelections.globalDilemmaId, id));
    return { a: row?.a ?? 0, b: row?.b ?? 0, rows: rows?.n ?? 0 };
  }

  async function choiceOf(userId: string, id: string) {
    const [row] = await t.db
      .select({ option: globalSelections.option })
      .from(globalSelections)
      .where(and(eq(globalSelections.userId, userId), eq(globalSelections.globalDilemmaId, id)));
    return row?.option ?? null;
  }

  it("carries the global choice to the new account, once, and ends the guest", async () => {
    const guest = await t.anonymous();
    const guestId = guest.userId;
    const id = await todayId(guest);
    await guest.post(`/api/dilemmas/global/${id}/selection`, { body: { option: "A" } });
    const before = await counts(id);

    const email = newEmail("guest");
    const signedIn = await t.signIn(email, { client: guest, name: null });

    expect(await choiceOf(signedIn.userId, id)).toBe("A");
    expect(await counts(id)).toEqual(before);
    expect(signedIn.userId).not.toBe(guestId);
    const [gone] = await t.db.select().from(user).where(eq(user.id, guestId));
    expect(gone).toBeUndefined();
    expect(await sessionsOf(guestId)).toBe(0);
    expect((await sessionUser(signedIn))?.id).toBe(signedIn.userId);
  });

  it("keeps the account's own earlier choice and takes the guest's off the counts", async () => {
    const email = newEmail("chose");
    const account = await t.signIn(email);
    const id = await todayId(account);
    await account.post(`/api/dilemmas/global/${id}/selection`, { body: { option: "B" } });

    const guest = await t.anonymous();
    await guest.post(`/api/dilemmas/global/${id}/selection`, { body: { option: "A" } });
    const before = await counts(id);

    await t.signIn(email, { client: guest });

    expect(await choiceOf(account.userId, id)).toBe("B");
    expect(await counts(id)).toEqual({ a: before.a - 1, b: before.b, rows: before.rows - 1 });
  });

  it("moves the choice exactly once when two links complete at the same time", async () => {
    const guest = await t.anonymous({ http: true });
    const id = await todayId(guest);
    await guest.post(`/api/dilemmas/global/${id}/selection`, { body: { option: "B" } });
    const before = await counts(id);
    const email = newEmail("twice");
    const first = await linkFor(email);
    const second = await linkFor(email);

    const answers = await Promise.all([
      complete(guest, first, email),
      complete(guest, second, email),
    ]);

    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const after = await counts(id);
    expect(after).toEqual(before);
    expect(after.a + after.b).toBe(after.rows);
  });
});

describe("changing the e-mail address", () => {
  it("mails the new address and moves the account once the link is completed there", async () => {
    const oldEmail = newEmail("old");
    const account = await t.signIn(oldEmail);
    const newAddress = newEmail("new");

    const sent = await account.post<{ data: { email: string } }>("/api/email-change/send", {
      body: { email: newAddress },
    });
    expect(sent.status).toBe(200);
    const mail = await t.lastMail(newAddress);
    expect(new URL(mail.link ?? "").searchParams.get("returnUrl")).toBe(
      `/user-profile/${account.userId}`,
    );

    expect((await complete(t.client(), mail.token, oldEmail)).status).toBe(400);
    const done = await complete(account, mail.token, newAddress);
    expect(done.status).toBe(200);
    expect(done.body.data.userData.id).toBe(account.userId);
    const [row] = await t.db.select().from(user).where(eq(user.id, account.userId));
    expect(row?.email).toBe(newAddress);

    const toOld = await t.db.select().from(outbox).where(eq(outbox.to, oldEmail));
    const notice = toOld.find(
      (mail) => mail.subject === "Your eitheror e-mail address was changed",
    );
    expect(notice?.text).toContain(newAddress);
  });

  it("refuses an address another account uses, and keeps the token", async () => {
    const account = await t.signIn(newEmail("mover"));
    const other = await createUser(t.db, { email: newEmail("taken") });
    await account.post("/api/email-change/send", { body: { email: other.email } });
    const { token } = await t.lastMail(other.email);

    const refused = await complete(account, token, other.email);
    expect(refused.status).toBe(409);
    const [row] = await t.db
      .select({ usedAt: emailLinkTokens.usedAt })
      .from(emailLinkTokens)
      .where(eq(emailLinkTokens.tokenHash, createHash("sha256").update(token).digest("base64url")));
    expect(row?.usedAt).toBeNull();
  });

  it("is for signed-in accounts only", async () => {
    const guest = await t.anonymous();
    expect(
      (await guest.post("/api/email-change/send", { body: { email: newEmail() } })).status,
    ).toBe(403);
    expect(
      (await t.client().post("/api/email-change/send", { body: { email: newEmail() } })).status,
    ).toBe(401);
  });
});

describe("over real SMTP", () => {
  it("delivers the sign-in e-mail, and its decoded link signs the person in", async () => {
    const receiver = await startSmtpReceiver();
    const app = await createTestApp({ env: { SMTP_URL: receiver.url } });
    try {
      const email = newEmail("smtp");
      const browser = app.client();
      expect((await send(browser, email)).status).toBe(200);

      const mail = await receiver.waitFor(email);
      expect(mail.subject).toBe("Sign in to eitheror");
      expect(mail.html).toContain("<a href=");
      const token = new URL(mail.link ?? "").searchParams.get("token") ?? "";
      expect(token).toMatch(/^[\w-]{43}$/);

      const done = await browser.post<{ data: { userData: { email: string } } }>(COMPLETE, {
        body: { token, email },
      });
      expect(done.status).toBe(200);
      expect(done.body.data.userData.email).toBe(email);
    } finally {
      await app.close();
      await receiver.close();
    }
  });
});

describe("cleanup", () => {
  it("forgets tokens a day after they expired, and keeps the rest", async () => {
    const now = new Date();
    const hour = 60 * 60 * 1000;
    const old = { email: newEmail(), purpose: "sign-in" as const };
    await insertEmailLinkToken(t.db, {
      ...old,
      tokenHash: "old",
      expiresAt: new Date(now.getTime() - 25 * hour),
    });
    await insertEmailLinkToken(t.db, {
      ...old,
      tokenHash: "recent",
      expiresAt: new Date(now.getTime() - hour),
    });

    await deleteTokensExpiredBefore(t.db, new Date(now.getTime() - 24 * hour));

    const left = await t.db
      .select({ hash: emailLinkTokens.tokenHash })
      .from(emailLinkTokens)
      .where(eq(emailLinkTokens.email, old.email));
    expect(left.map((row) => row.hash)).toEqual(["recent"]);
  });

  it("deletes guests whose sessions have all run out, and only those", async () => {
    const now = new Date();
    const day = 24 * 60 * 60 * 1000;
    const old = new Date(now.getTime() - 10 * day);
    const gone = await createUser(t.db, {
      isAnonymous: true,
      emailVerified: false,
      createdAt: old,
    });
    await createSession(t.db, gone.id, { expiresAt: new Date(now.getTime() - 3 * day) });
    const active = await createUser(t.db, {
      isAnonymous: true,
      emailVerified: false,
      createdAt: old,
    });
    await createSession(t.db, active.id, { expiresAt: new Date(now.getTime() + day) });
    const fresh = await createUser(t.db, { isAnonymous: true, emailVerified: false });
    const account = await createUser(t.db, { createdAt: old });

    await deleteAbandonedGuests(t.db, { before: new Date(now.getTime() - day), now, limit: 1000 });

    const left = await t.db.select({ id: user.id }).from(user);
    const ids = new Set(left.map((row) => row.id));
    expect(ids.has(gone.id)).toBe(false);
    expect([active.id, fresh.id, account.id].every((id) => ids.has(id))).toBe(true);
  });
});
