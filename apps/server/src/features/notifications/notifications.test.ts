// The game's e-mails over real SMTP: who gets which, once, and unsubscribing.
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app";
import {
  advanceClock,
  currentRoundId,
  DAY_MS,
  groupWith,
  type Player,
  player,
  rounds,
  voteAll,
} from "../../../test/rounds";
import { secondInstance } from "../../../test/second-instance";
import { otherSpellings, withWrongSignature } from "../../../test/signed";
import {
  type ReceivedMail,
  type SmtpReceiver,
  startSmtpReceiver,
} from "../../../test/smtp-receiver";

const HOUR_MS = 60 * 60 * 1000;
const email = (who: Player) => `${who.name.toLowerCase()}@example.test`;

/** Mail the receiver holds to `who` whose subject starts with `subject`. */
const mailsTo = (receiver: SmtpReceiver, who: Player, subject: string) =>
  receiver.mails.filter((mail) => mail.to.includes(email(who)) && mail.subject.startsWith(subject));

/** Waits until `count` mails with the subject reached `who`, then a little longer for strays. */
async function expectMails(receiver: SmtpReceiver, who: Player, subject: string, count: number) {
  const deadline = Date.now() + 5000;
  while (mailsTo(receiver, who, subject).length < count && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  await new Promise((resolve) => setTimeout(resolve, 150));
  expect(mailsTo(receiver, who, subject)).toHaveLength(count);
  return mailsTo(receiver, who, subject);
}

async function cast<N extends string[]>(t: TestApp, names: [...N]) {
  const players: Player[] = [];
  for (const name of names) players.push(await player(t, name));
  return players as { [K in keyof N]: Player };
}

async function appWith(receiver: SmtpReceiver, env: Record<string, string> = {}) {
  return createTestApp({ env: { SMTP_URL: receiver.url, ...env } });
}

/** Sets each player's address to `<name>@example.test`, so mail tells them apart. */
async function withAddresses(t: TestApp, players: Player[]) {
  const { user } = await import("../../db/schema");
  const { eq } = await import("drizzle-orm");
  for (const who of players) {
    await t.db
      .update(user)
      .set({ email: email(who) })
      .where(eq(user.id, who.userId));
  }
}

const unsubscribeLink = (mail: ReceivedMail) =>
  mail.text.match(/https?:\/\/\S+\/api\/mail\/unsubscribe\?token=\S+/)?.[0] ?? "";

describe("round e-mails", () => {
  let receiver: SmtpReceiver;
  let t: TestApp;
  let ana: Player;
  let ben: Player;
  let cy: Player;
  beforeAll(async () => {
    receiver = await startSmtpReceiver();
    t = await appWith(receiver);
    [ana, ben, cy] = await cast(t, ["Ana", "Ben", "Cy"]);
    await withAddresses(t, [ana, ben, cy] as Player[]);
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  it("tells each member once of a new round, and of the round's end with points and the top three", async () => {
    const groupId = await groupWith(ana, [ben, cy]);
    await rounds.start(ana, groupId);
    for (const who of [ana, ben, cy]) await expectMails(receiver, who, "A new round started", 1);

    const roundId = await currentRoundId(ana, groupId);
    const choices = (a: "A" | "B", b: "A" | "B", c: "A" | "B") =>
      [
        [ana, a],
        [ben, b],
        [cy, c],
      ] as [Player, "A" | "B"][];
    await voteAll(ana, groupId, roundId, choices("A", "B", "B"));
    await voteAll(ben, groupId, roundId, choices("A", "B", "A"));
    await voteAll(cy, groupId, roundId, choices("B", "B", "A"));
    for (const who of [ana, ben, cy]) await rounds.submit(who, groupId, roundId);

    const [toBen] = await expectMails(receiver, ben, "Round complete", 1);
    expect(toBen?.text).toContain("You earned 2 points.");
    expect(toBen?.text).toContain("1. Ben: 2");
    expect(toBen?.text).toContain(`/group/${groupId}/archived-round/${roundId}?reveal=1`);
    expect(toBen?.html).toContain("Leaderboard, top three");
    expect(toBen?.headers.get("list-unsubscribe")).toMatch(
      /^<http.*\/api\/mail\/unsubscribe\?token=/,
    );
    expect(toBen?.headers.get("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    for (const who of [ana, cy]) await expectMails(receiver, who, "Round complete", 1);
    for (const who of [ana, ben, cy]) await expectMails(receiver, who, "A new round started", 2);
  });
});

describe("the results e-mail's top three", () => {
  let receiver: SmtpReceiver;
  let t: TestApp;
  beforeAll(async () => {
    receiver = await startSmtpReceiver();
    t = await appWith(receiver);
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  it("ranks as the leaderboard does: members with equal points share a rank", async () => {
    const [nia, oli, pat] = (await cast(t, ["Nia", "Oli", "Pat"])) as [Player, Player, Player];
    await withAddresses(t, [nia, oli, pat]);
    const groupId = await groupWith(nia, [oli, pat]);
    await rounds.start(nia, groupId);
    const roundId = await currentRoundId(nia, groupId);
    // Oli reads both others right (2 points), Nia and Pat one each: a tie for second.
    await voteAll(nia, groupId, roundId, [
      [nia, "A"],
      [oli, "B"],
      [pat, "B"],
    ]);
    await voteAll(oli, groupId, roundId, [
      [nia, "A"],
      [oli, "B"],
      [pat, "A"],
    ]);
    await voteAll(pat, groupId, roundId, [
      [nia, "B"],
      [oli, "B"],
      [pat, "A"],
    ]);
    for (const who of [nia, oli, pat]) await rounds.submit(who, groupId, roundId);

    const [mail] = await expectMails(receiver, pat, "Round complete", 1);
    const board = (await rounds.leaderboard(nia, groupId)).body.data.leaderboardData;
    expect(board.map((entry) => entry.rank)).toEqual([1, 2, 2]);
    const lines = board.map((entry) => `${entry.rank}. ${entry.displayName}: ${entry.score}`);
    const list = mail?.text.split(/\r?\n/).filter((line) => /^\d+\. /.test(line));
    expect(list).toEqual(lines);
  });
});

describe("reminders", () => {
  // The clock goes back after each test, the jobs' next runs do not: an app per test.
  let receiver: SmtpReceiver;
  let t: TestApp;
  beforeEach(async () => {
    receiver = await startSmtpReceiver();
    t = await appWith(receiver);
  });
  afterEach(async () => {
    await t?.close();
    await receiver?.close();
  });

  it("go 24 h before the due date to exactly those who have not submitted, once, across two instances and a restart", async () => {
    const [ana, ben, cy] = (await cast(t, ["Dora", "Eli", "Fay"])) as [Player, Player, Player];
    await withAddresses(t, [ana, ben, cy]);
    const groupId = await groupWith(ana, [ben, cy], { daysBetweenRounds: 2 });
    await rounds.start(ana, groupId);
    const roundId = await currentRoundId(ana, groupId);
    const everyone: [Player, "A"][] = [ana, ben, cy].map((who) => [who, "A"]);
    await voteAll(ana, groupId, roundId, everyone);
    await rounds.submit(ana, groupId, roundId);

    const other = await secondInstance(t, ana);
    const both = other.both;
    try {
      await both(23 * HOUR_MS);
      await expectMails(receiver, ben, "Your votes are due soon", 0);
      await both(HOUR_MS + 60_000);
      // Sent before the clock jumps on: a real send takes far less than the claim's lease.
      for (const who of [ben, cy]) await expectMails(receiver, who, "Your votes are due soon", 1);
      await other.restart();
      await both(60_000);
      await both(60 * 60_000);
      for (const who of [ben, cy]) await expectMails(receiver, who, "Your votes are due soon", 1);
      await expectMails(receiver, ana, "Your votes are due soon", 0);
    } finally {
      await other.close();
    }
  });

  it("are all queued and sent in one run however many are due, 200 a batch (decision 0081)", async () => {
    const [ana] = (await cast(t, ["Ivo"])) as [Player];
    // 250 groups of two, written straight in: 500 reminders due now, their rounds due in 12 h.
    const now = t.clock.now().getTime();
    const startedAt = new Date(now - 156 * HOUR_MS).toISOString();
    const dueDate = new Date(now + 12 * HOUR_MS).toISOString();
    await t.db.execute(sql`
      INSERT INTO users (id, name, email, email_verified, is_anonymous)
      SELECT 'many-' || g, 'Many ' || g, 'many-' || g || '@example.test', true, false
      FROM generate_series(1, 500) g`);
    await t.db.execute(sql`
      INSERT INTO groups (id, name, max_members, days_between_rounds, invite_code, admin_id)
      SELECT 'many-' || g, 'Many ' || g, 10, 7, 'many-code-' || g, 'many-' || (2 * g)
      FROM generate_series(1, 250) g`);
    await t.db.execute(sql`
      INSERT INTO group_members (group_id, user_id)
      SELECT 'many-' || ((g + 1) / 2), 'many-' || g FROM generate_series(1, 500) g`);
    await t.db.execute(sql`
      INSERT INTO rounds (id, group_id, number, dilemma_id, started_at, due_date)
      SELECT 'many-' || g, 'many-' || g, 1, (SELECT id FROM dilemmas ORDER BY id LIMIT 1),
        ${startedAt}::timestamptz, ${dueDate}::timestamptz
      FROM generate_series(1, 250) g`);

    const ran = await ana.post("/api/test/clock", { body: { advanceMs: 0, runJobs: true } });
    expect(ran.status).toBe(200);
    const queued = await t.db.execute(
      sql`SELECT count(*)::int AS n FROM outbox WHERE dedupe_key LIKE 'reminder:many-%'`,
    );
    expect((queued as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(500);
    await vi.waitFor(
      () =>
        expect(receiver.mails.filter((mail) => mail.to[0]?.startsWith("many-"))).toHaveLength(500),
      { timeout: 20_000 },
    );
  });

  it("come at half-time in a round shorter than 48 h", async () => {
    const [ana, ben] = (await cast(t, ["Gil", "Hal"])) as [Player, Player];
    await withAddresses(t, [ana, ben]);
    const groupId = await groupWith(ana, [ben], { daysBetweenRounds: 1 });
    await rounds.start(ana, groupId);
    await advanceClock(ana, 11 * HOUR_MS);
    await expectMails(receiver, ben, "Your votes are due soon", 0);
    await advanceClock(ana, HOUR_MS + 60_000);
    await expectMails(receiver, ben, "Your votes are due soon", 1);
    await advanceClock(ana, DAY_MS / 2 - 2 * HOUR_MS);
    await expectMails(receiver, ben, "Your votes are due soon", 1);
  });
});

describe("an SMTP server that fails the first attempt", () => {
  let receiver: SmtpReceiver;
  let t: TestApp;
  beforeAll(async () => {
    receiver = await startSmtpReceiver(0, { failFirst: 1 });
    // The failed attempt's warning is expected here.
    t = await appWith(receiver, { LOG_LEVEL: "silent" });
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  it("gets the message once, on the retry a minute later", async () => {
    const [ana, ben] = (await cast(t, ["Ida", "Jon"])) as [Player, Player];
    await withAddresses(t, [ana, ben]);
    const groupId = await groupWith(ana, [ben]);
    await rounds.start(ana, groupId);
    // Which of the two goes first, and fails, is up to the sender.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(receiver.mails).toHaveLength(1);
    await advanceClock(ana, 61_000);
    await expectMails(receiver, ana, "A new round started", 1);
    await advanceClock(ana, 10 * 60_000);
    await expectMails(receiver, ana, "A new round started", 1);
    await expectMails(receiver, ben, "A new round started", 1);
  });
});

describe("an SMTP server down for an hour", () => {
  let receiver: SmtpReceiver;
  let t: TestApp;
  beforeAll(async () => {
    receiver = await startSmtpReceiver();
    // Each failed attempt's warning is expected here.
    t = await appWith(receiver, { LOG_LEVEL: "silent" });
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  /** Moves the test clock `minutes` on, five at a time, running the jobs due at each step. */
  async function minutesPass(by: Player, minutes: number) {
    for (let passed = 0; passed < minutes; passed += 5) await advanceClock(by, 5 * 60_000);
  }

  it("loses nothing of what it queued meanwhile, and sends each message once after", async () => {
    const [ana, ben, cy] = (await cast(t, ["Pia", "Quin", "Rey"])) as [Player, Player, Player];
    await withAddresses(t, [ana, ben, cy]);
    const { port } = receiver;
    await receiver.close();
    // During the hour: a round starts, everyone votes and submits, it closes, the next starts.
    const groupId = await groupWith(ana, [ben, cy]);
    await rounds.start(ana, groupId);
    const roundId = await currentRoundId(ana, groupId);
    const everyone = [ana, ben, cy].map((who) => [who, "A"]) as [Player, "A" | "B"][];
    for (const who of [ana, ben, cy]) await voteAll(who, groupId, roundId, everyone);
    for (const who of [ana, ben, cy]) await rounds.submit(who, groupId, roundId);
    await minutesPass(ana, 60);
    const { outbox } = await import("../../db/schema");
    const ours = (await t.db.select().from(outbox)).filter((row) =>
      [ana, ben, cy].some((who) => row.to === email(who)),
    );
    // Three of 'A new round started' for each round, three of 'Round complete': none sent, none given up.
    expect(ours).toHaveLength(9);
    expect(ours.every((row) => row.status === "pending" && row.attempts >= 1)).toBe(true);

    receiver = await startSmtpReceiver(port);
    await minutesPass(ana, 60);
    for (const who of [ana, ben, cy]) {
      await expectMails(receiver, who, "A new round started", 2);
      await expectMails(receiver, who, "Round complete", 1);
    }
    // Another hour: nothing is sent twice.
    await minutesPass(ana, 60);
    for (const who of [ana, ben, cy]) {
      await expectMails(receiver, who, "A new round started", 2);
      await expectMails(receiver, who, "Round complete", 1);
    }
    const after = await t.db.select({ status: outbox.status, to: outbox.to }).from(outbox);
    const mine = after.filter((row) => [ana, ben, cy].some((who) => row.to === email(who)));
    expect(mine.map((row) => row.status)).toEqual(Array(9).fill("sent"));
  });
});

describe("preferences and unsubscribing", () => {
  let receiver: SmtpReceiver;
  let t: TestApp;
  let ana: Player;
  let ben: Player;
  let cy: Player;
  let groupId: string;
  beforeAll(async () => {
    receiver = await startSmtpReceiver();
    t = await appWith(receiver);
    [ana, ben, cy] = await cast(t, ["Kim", "Lou", "Max"]);
    await withAddresses(t, [ana, ben, cy] as Player[]);
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  it("answers every kind on by default, and a kind turned off is not sent", async () => {
    const read = await ben.get<{ data: { preferences: object } }>("/api/users/me/mail-preferences");
    expect(read.body.data.preferences).toEqual({
      reminders: true,
      roundResults: true,
      newRounds: true,
    });
    const off = { reminders: true, roundResults: true, newRounds: false };
    const saved = await ben.put("/api/users/me/mail-preferences", { body: off });
    expect(saved.status).toBe(200);
    groupId = await groupWith(ana, [ben, cy]);
    await rounds.start(ana, groupId);
    await expectMails(receiver, ana, "A new round started", 1);
    await expectMails(receiver, cy, "A new round started", 1);
    await expectMails(receiver, ben, "A new round started", 0);
  });

  it("turns a kind off from the e-mail's link with no session and no anti-forgery token", async () => {
    const [mail] = mailsTo(receiver, cy, "A new round started");
    const link = new URL(unsubscribeLink(mail as ReceivedMail));
    const url = `${link.pathname}${link.search}`;

    const page = await t.client().get(url, { headers: { accept: "text/html" } });
    expect(page.status).toBe(200);
    expect(page.text).toContain('<form method="post"');
    const before = await cy.get<{ data: { preferences: { newRounds: boolean } } }>(
      "/api/users/me/mail-preferences",
    );
    expect(before.body.data.preferences.newRounds).toBe(true);

    const oneClick = await t.client().post(url, {
      rawBody: "List-Unsubscribe=One-Click",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      xsrf: false,
    });
    expect(oneClick.status).toBe(200);
    expect(oneClick.body).toEqual({ data: { kind: "newRounds", unsubscribed: true } });
    const after = await cy.get<{ data: { preferences: object } }>("/api/users/me/mail-preferences");
    expect(after.body.data.preferences).toEqual({
      reminders: true,
      roundResults: true,
      newRounds: false,
    });
  });

  it("refuses a forged or tampered link with a 400 and changes nothing", async () => {
    const [mail] = mailsTo(receiver, ana, "A new round started");
    const token = new URL(unsubscribeLink(mail as ReceivedMail)).searchParams.get("token") ?? "";
    const [payload, signature] = token.split(".");
    const forgedPayload = Buffer.from(JSON.stringify({ u: ben.userId, k: "reminders" })).toString(
      "base64url",
    );
    for (const forged of [
      `${forgedPayload}.${signature}`,
      withWrongSignature(token),
      "not-a-token",
      `${payload}`,
    ]) {
      const url = `/api/mail/unsubscribe?token=${encodeURIComponent(forged)}`;
      const response = await t.client().post(url, { xsrf: false });
      expect(response.status).toBe(400);
      expect(response.text).toContain("not valid");
      const page = await t.client().get(url);
      expect(page.status).toBe(400);
    }
    for (const who of [ana, ben]) {
      const read = await who.get<{ data: { preferences: { reminders: boolean } } }>(
        "/api/users/me/mail-preferences",
      );
      expect(read.body.data.preferences.reminders).toBe(true);
    }
  });

  it("refuses the server's own signature spelled another way, and changes nothing", async () => {
    const [mail] = mailsTo(receiver, ana, "A new round started");
    const token = new URL(unsubscribeLink(mail as ReceivedMail)).searchParams.get("token") ?? "";
    const spellings = otherSpellings(token);
    expect(spellings.length).toBeGreaterThan(2);
    for (const other of spellings) {
      const url = `/api/mail/unsubscribe?token=${encodeURIComponent(other)}`;
      const response = await t.client().post(url, { xsrf: false });
      expect(response.status, other).toBe(400);
      expect((await t.client().get(url)).status, other).toBe(400);
    }
    const read = await ana.get<{ data: { preferences: { newRounds: boolean } } }>(
      "/api/users/me/mail-preferences",
    );
    expect(read.body.data.preferences.newRounds).toBe(true);
  });
});
