// Web Push end to end (decision 0076): a push service started here decrypts each
// payload (RFC 8291) and checks it; once per (kind, round, member) across two
// instances and a restart; 410 forgets the device; a 500 is retried; push instead
// of e-mail unless the device asks for both; no vote and no comment in any payload.
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app";
import { type Device, type PushReceiver, startPushReceiver } from "../../../test/push-receiver";
import {
  advanceClock,
  currentRoundId,
  groupWith,
  type Player,
  player,
  rounds,
} from "../../../test/rounds";
import { secondInstance } from "../../../test/second-instance";
import { type SmtpReceiver, startSmtpReceiver } from "../../../test/smtp-receiver";
import { buildApp } from "../../app";
import { pushOutbox, pushSubscriptions } from "../../db/schema";

const HOUR_MS = 60 * 60 * 1000;
const ALL_KINDS = ["newRounds", "reminders", "roundResults"];
const SECRET_COMMENT = "psst-this-comment-is-private";

interface Payload {
  title: string;
  body: string;
  url: string;
}

const pushesTo = (receiver: PushReceiver, device: Device, title: string) =>
  receiver.pushes
    .filter((push) => push.device === device.name)
    .map((push) => JSON.parse(push.text) as Payload)
    .filter((payload) => payload.title.startsWith(title));

/** Waits until `count` pushes titled `title` reached `device`, then a little longer for strays. */
async function expectPushes(receiver: PushReceiver, device: Device, title: string, count: number) {
  const deadline = Date.now() + 5000;
  while (pushesTo(receiver, device, title).length < count && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  await new Promise((resolve) => setTimeout(resolve, 150));
  expect(pushesTo(receiver, device, title)).toHaveLength(count);
  return pushesTo(receiver, device, title);
}

/** Waits (5 s at most) until each of `who` has exactly one e-mail of `subject`, SMTP being slower than a push. */
async function expectMails(smtp: SmtpReceiver, who: Player[], subject: string) {
  await vi.waitFor(
    () => {
      for (const player of who) expect(mailsTo(smtp, player, subject)).toHaveLength(1);
    },
    { timeout: 5_000, interval: 25 },
  );
}

const email = (who: Player) => `${who.name.toLowerCase()}@example.test`;
const mailsTo = (smtp: SmtpReceiver, who: Player, subject: string) =>
  smtp.mails.filter((mail) => mail.to.includes(email(who)) && mail.subject.startsWith(subject));

async function subscribe(
  who: Player,
  device: Device,
  { kinds = ALL_KINDS, alsoEmail = false }: { kinds?: string[]; alsoEmail?: boolean } = {},
) {
  const response = await who.put("/api/push/subscription", {
    body: { ...device.subscription, kinds, alsoEmail },
  });
  expect(response.status, response.text).toBe(200);
}

/** Every payload the receiver decrypted: its three fields only, small, and no vote or comment in it. */
function expectCleanPayloads(receiver: PushReceiver) {
  expect(receiver.pushes.length).toBeGreaterThan(0);
  for (const push of receiver.pushes) {
    expect(Buffer.byteLength(push.text)).toBeLessThanOrEqual(2048);
    const payload = JSON.parse(push.text);
    expect(Object.keys(payload).sort()).toEqual(["body", "title", "url"]);
    expect(push.text).not.toContain(SECRET_COMMENT);
    expect(push.text).not.toMatch(/optionSelected|selectedFor|"vote/i);
    expect(payload.url).toMatch(/^\/group\//);
  }
}

describe("the VAPID public key and subscriptions", () => {
  let t: TestApp;
  let receiver: PushReceiver;
  beforeAll(async () => {
    t = await createTestApp();
    receiver = await startPushReceiver();
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  it("answers the public key as 87 characters of base64url, the same after a restart", async () => {
    const first = await t.client().get<{ data: { publicKey: string } }>("/api/push/public-key");
    expect(first.status).toBe(200);
    expect(first.body.data.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    const again = await buildApp({ config: t.config, database: t.database, clock: t.clock });
    try {
      const second = await again.inject({ method: "GET", url: "/api/push/public-key" });
      expect(second.json().data.publicKey).toBe(first.body.data.publicKey);
    } finally {
      await again.close();
    }
  });

  it("takes a device of a signed-in player, refuses guests, addresses of this network and bad keys", async () => {
    const ana = await player(t, "Ana");
    const device = receiver.device();
    await subscribe(ana, device, { kinds: ["newRounds"] });
    const guest = await t.anonymous();
    const refused = await guest.put("/api/push/subscription", {
      body: { ...device.subscription, kinds: ["newRounds"] },
    });
    expect(refused.status).toBe(403);
    for (const endpoint of [
      "https://10.0.0.1/push/x",
      "https://[::1]/push/x",
      "https://intranet/push/x",
      "http://push.example.test/push/x",
    ]) {
      const response = await ana.put("/api/push/subscription", {
        body: { ...device.subscription, endpoint, kinds: [] },
      });
      expect(response.status, endpoint).toBe(400);
    }
    const badKey = await ana.put("/api/push/subscription", {
      body: {
        ...device.subscription,
        keys: { ...device.subscription.keys, p256dh: "A".repeat(87) },
        kinds: [],
      },
    });
    expect(badKey.status).toBe(400);
    const mine = await t.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, ana.userId));
    expect(mine.map((row) => row.kinds)).toEqual([["newRounds"]]);

    const removed = await ana.request("DELETE", "/api/push/subscription", {
      body: { endpoint: device.subscription.endpoint },
    });
    expect(removed.body).toEqual({ data: { removed: true } });
  });

  it("keeps a person's ten newest devices", async () => {
    const ben = await player(t, "Ben");
    const devices = Array.from({ length: 12 }, () => receiver.device());
    for (const device of devices) {
      await subscribe(ben, device);
      t.clock.advance(1000);
    }
    const kept = await t.db
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, ben.userId));
    expect(kept.map((row) => row.endpoint).sort()).toEqual(
      devices
        .slice(2)
        .map((device) => device.subscription.endpoint)
        .sort(),
    );
  });
});

describe("round notifications by push", () => {
  let t: TestApp;
  let receiver: PushReceiver;
  let smtp: SmtpReceiver;
  beforeAll(async () => {
    receiver = await startPushReceiver();
    smtp = await startSmtpReceiver();
    // The 500 and the 410 below are logged as warnings: expected here.
    t = await createTestApp({ env: { SMTP_URL: smtp.url, LOG_LEVEL: "silent" } });
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
    await smtp?.close();
  });

  it("pushes instead of e-mailing, or both when the device asks, with no vote or comment, and leads to the reveal", async () => {
    const [ana, ben, cy] = [
      await player(t, "Ana", { email: "ana@example.test" }),
      await player(t, "Ben", { email: "ben@example.test" }),
      await player(t, "Cy", { email: "cy@example.test" }),
    ];
    const anaPhone = receiver.device();
    const benPhone = receiver.device();
    await subscribe(ana, anaPhone);
    await subscribe(ben, benPhone, { alsoEmail: true });
    const groupId = await groupWith(ana, [ben, cy]);
    await rounds.start(ana, groupId);
    const roundId = await currentRoundId(ana, groupId);

    const [started] = await expectPushes(receiver, anaPhone, "A new round started", 1);
    expect(started?.url).toBe(`/group/${groupId}`);
    await expectPushes(receiver, benPhone, "A new round started", 1);
    // The e-mails go out with the pushes' batch: once Ben's and Cy's are in, Ana's would be.
    await expectMails(smtp, [ben, cy], "A new round started");
    expect(mailsTo(smtp, ana, "A new round started")).toHaveLength(0);

    for (const voter of [ana, ben, cy]) {
      for (const member of [ana, ben, cy]) {
        const body = {
          selectedFor: member.userId,
          optionSelected: "A" as const,
          comments: SECRET_COMMENT,
        };
        const voted = await rounds.vote(voter, groupId, roundId, body);
        expect(voted.status, voted.text).toBe(200);
      }
    }
    for (const who of [ana, ben, cy]) await rounds.submit(who, groupId, roundId);
    const [results] = await expectPushes(receiver, anaPhone, "Round complete", 1);
    expect(results?.url).toBe(`/group/${groupId}/archived-round/${roundId}?reveal=1`);
    expect(results?.body).toContain("You earned");
    await expectPushes(receiver, benPhone, "Round complete", 1);
    await expectMails(smtp, [ben], "Round complete");
    expect(mailsTo(smtp, ana, "Round complete")).toHaveLength(0);
    expectCleanPayloads(receiver);
  });

  it("forgets a device its push service answers 410 for, and retries one that answered 500", async () => {
    const [dee, eli] = [await player(t, "Dee"), await player(t, "Eli")];
    const gone = receiver.device({ goneWith: 410 });
    const flaky = receiver.device({ failWith: [500] });
    await subscribe(dee, gone);
    await subscribe(eli, flaky);
    const groupId = await groupWith(dee, [eli]);
    await rounds.start(dee, groupId);

    const deadline = Date.now() + 5000;
    const answered = (device: Device) => receiver.requests.filter((r) => r.device === device.name);
    while ((answered(gone).length < 1 || answered(flaky).length < 1) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const left = await t.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, dee.userId));
    expect(left).toEqual([]);
    await expectPushes(receiver, flaky, "A new round started", 0);

    await advanceClock(dee, 61_000);
    await expectPushes(receiver, flaky, "A new round started", 1);
    await advanceClock(dee, 10 * 60_000);
    await expectPushes(receiver, flaky, "A new round started", 1);
    expect(answered(flaky).map((r) => r.status)).toEqual([500, 201]);
    expect(answered(gone).map((r) => r.status)).toEqual([410]);
    const [row] = await t.db.select().from(pushOutbox).where(eq(pushOutbox.userId, eli.userId));
    expect(row).toMatchObject({ status: "sent", attempts: 2 });
  });
});

describe("push reminders", () => {
  // The clock goes back after each test, the jobs' next runs do not: an app per test.
  let t: TestApp;
  let receiver: PushReceiver;
  beforeEach(async () => {
    receiver = await startPushReceiver();
    t = await createTestApp();
  });
  afterEach(async () => {
    await t?.close();
    await receiver?.close();
  });

  it("go once per round and person across two instances and a restart", async () => {
    const [ana, ben] = [await player(t, "Fay"), await player(t, "Gil")];
    const phone = receiver.device();
    const laptop = receiver.device();
    await subscribe(ben, phone);
    await subscribe(ben, laptop, { kinds: ["reminders"] });
    const groupId = await groupWith(ana, [ben], { daysBetweenRounds: 2 });
    await rounds.start(ana, groupId);

    const other = await secondInstance(t, ana);
    const both = other.both;
    try {
      await both(23 * HOUR_MS);
      await expectPushes(receiver, phone, "Your votes are due soon", 0);
      await both(HOUR_MS + 60_000);
      for (const device of [phone, laptop]) {
        await expectPushes(receiver, device, "Your votes are due soon", 1);
      }
      await other.restart();
      await both(60_000);
      await both(60 * 60_000);
      for (const device of [phone, laptop]) {
        const [reminder] = await expectPushes(receiver, device, "Your votes are due soon", 1);
        expect(reminder?.url).toBe(`/group/${groupId}`);
      }
      // The laptop gets reminders only.
      await expectPushes(receiver, laptop, "A new round started", 0);
      await expectPushes(receiver, phone, "A new round started", 1);
      expectCleanPayloads(receiver);
    } finally {
      await other.close();
    }
  });
});
