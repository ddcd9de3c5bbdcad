// Deleting and exporting an account (issue 38 parts 3-5, decision 0078), with
// mail over real SMTP: nothing that names the person stays, groups pass on,
// closed rounds keep their points under "Deleted player".
import { DELETED_PLAYER_NAME } from "@eitheror/shared/account/schema";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app";
import {
  currentRoundId,
  groupWith,
  type Player,
  player,
  rounds,
  voteAll,
} from "../../../test/rounds";
import { type SmtpReceiver, startSmtpReceiver } from "../../../test/smtp-receiver";

type Data<T> = { data: T };
const HOUR_MS = 60 * 60 * 1000;
const ADMIN_EMAIL = "account-admin@example.test";

/** A raw statement's rows, whichever engine answered (PGlite: `.rows`; pg: the same). */
function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

const seenTokens = new Set<string>();
/** The token of the newest deletion link mailed to `address`, waiting for one not seen before. */
async function deletionToken(receiver: SmtpReceiver, address: string) {
  const deadline = Date.now() + 5000;
  for (;;) {
    for (const mail of receiver.mails) {
      if (!mail.to.includes(address) || !mail.subject.startsWith("Delete your")) continue;
      const link = mail.text.match(
        /https?:\/\/\S+\/sign-in\/link-router\?purpose=delete-account&token=\S+/,
      )?.[0];
      const token = link ? new URL(link).searchParams.get("token") : null;
      if (token && !seenTokens.has(token)) {
        seenTokens.add(token);
        return token;
      }
    }
    if (Date.now() > deadline) throw new Error(`no new deletion link to ${address}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Every text-like column of every table, searched for each of `needles`: where each was found. */
async function mentions(t: TestApp, needles: string[]) {
  const columns = await t.db.execute<{ table_name: string; column_name: string }>(sql`
    SELECT table_name, column_name FROM information_schema.columns
    WHERE table_schema = 'public'
      AND data_type IN ('text', 'character varying', 'json', 'jsonb', 'ARRAY')`);
  const rows = rowsOf<{ table_name: string; column_name: string }>(columns);
  const found: string[] = [];
  for (const { table_name, column_name } of rows as { table_name: string; column_name: string }[]) {
    for (const needle of needles) {
      const hits = await t.db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM ${sql.identifier(table_name)}
            WHERE strpos(lower(${sql.identifier(column_name)}::text), lower(${needle})) > 0`,
      );
      const [hit] = rowsOf<{ n: number }>(hits);
      if (hit && hit.n > 0) found.push(`${table_name}.${column_name} holds "${needle}"`);
    }
  }
  return { found, columns: rows.length };
}

/** Waits for a mail to `address` whose subject starts with `subject`. */
async function mailWithSubject(receiver: SmtpReceiver, address: string, subject: string) {
  const deadline = Date.now() + 5000;
  for (;;) {
    const found = receiver.mails.find(
      (m) => m.to.includes(address) && m.subject.startsWith(subject),
    );
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no "${subject}" mail to ${address}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** A leaderboard without the admin marks, which a handover moves. */
const scores = (
  entries: { id: string; displayName: string | null; score: number; rank: number }[],
) => entries.map(({ id, displayName, score, rank }) => ({ id, displayName, score, rank }));

async function sendLink(who: Player) {
  return who.post<Data<{ email: string }>>("/api/users/me/deletion-link");
}

describe("deleting one's account", () => {
  let receiver: SmtpReceiver;
  let t: TestApp;
  let delia: Player;
  let ben: Player;
  let cy: Player;
  let played: string;
  let alone: string;
  let benRuns: string;
  let closedRound: string;
  let leaderboardBefore: unknown;
  let countsBefore: unknown;
  let deliaPoints: number;

  beforeAll(async () => {
    receiver = await startSmtpReceiver();
    t = await createTestApp({ env: { SMTP_URL: receiver.url } });
    delia = await player(t, "Delphinia Quarrington", { email: "delphinia@example.test" });
    ben = await player(t, "Ben", { email: "ben@example.test" });
    cy = await player(t, "Cy", { email: "cy@example.test" });
    // Delia runs a group Ben joined before Cy, and played a round of it to the end.
    played = await groupWith(delia, [ben, cy]);
    const round = (await rounds.start(delia, played)).body.data.dilemmaData.roundId;
    await voteAll(delia, played, round, [
      [delia, "A"],
      [ben, "A"],
      [cy, "B"],
    ]);
    await voteAll(ben, played, round, [
      [delia, "A"],
      [ben, "B"],
      [cy, "B"],
    ]);
    await voteAll(cy, played, round, [
      [delia, "B"],
      [ben, "B"],
      [cy, "A"],
    ]);
    await rounds.vote(delia, played, round, {
      selectedFor: ben.userId,
      optionSelected: "A",
      comments: "Delphinia's guess",
    });
    for (const who of [delia, ben, cy])
      expect((await rounds.submit(who, played, round)).status).toBe(200);
    closedRound = round;
    // Her part of moderation: she, the group's admin, hides her own comment; Ben reports it
    // by her name; she reports the round's dilemma; she proposes one to Ben's group below.
    const roundPath = `/api/groups/${played}/rounds/${round}`;
    const herComment = { selectedBy: delia.userId, selectedFor: ben.userId };
    expect((await delia.post(`${roundPath}/comments/hide`, { body: herComment })).status).toBe(200);
    const report = { target: "comment", ...herComment, reason: "Delphinia Quarrington is rude" };
    expect((await ben.post(`${roundPath}/reports`, { body: report })).status).toBe(200);
    const dilemmaReport = { target: "dilemma", reason: "Too easy" };
    expect((await delia.post(`${roundPath}/reports`, { body: dilemmaReport })).status).toBe(200);
    leaderboardBefore = scores(
      (await rounds.leaderboard(ben, played)).body.data.leaderboardData.filter(
        (entry) => entry.id !== delia.userId,
      ),
    );
    const archived = (await rounds.round(ben, played, round)).body.data.roundData;
    deliaPoints = archived.memberStats[delia.userId]?.points ?? -1;
    // A group she is alone in, and an open round of Ben's she saved votes in.
    alone = await groupWith(delia, []);
    benRuns = await groupWith(ben, [delia, cy]);
    const proposal = { dilemma: "Tea or coffee, forever?", optionA: "Tea", optionB: "Coffee" };
    const proposed = await delia.post(`/api/groups/${benRuns}/dilemmas/proposals`, {
      body: proposal,
    });
    expect(proposed.status).toBe(200);
    await rounds.start(ben, benRuns);
    const open = await currentRoundId(ben, benRuns);
    await voteAll(delia, benRuns, open, [
      [ben, "A"],
      [cy, "B"],
    ]);
    // A daily choice, feedback and e-mail settings.
    const today =
      await delia.get<Data<{ globalDilemmaData: { id: string } }>>("/api/dilemmas/global");
    const dayId = today.body.data.globalDilemmaData.id;
    await delia.post(`/api/dilemmas/global/${dayId}/selection`, { body: { option: "A" } });
    countsBefore = (await t.client().get("/api/dilemmas/global")).body;
    await delia.post("/api/feedback/create", { body: { feedback: "Lovely game" } });
    await delia.put("/api/users/me/mail-preferences", {
      body: { reminders: false, roundResults: true, newRounds: true },
    });
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  it("needs the e-mailed link: a session alone deletes nothing, a made-up token neither", async () => {
    const made = await t.client().post("/api/account/delete", { body: { token: "made-up" } });
    expect(made.status).toBe(400);
    expect(made.body).toMatchObject({ error: { code: "invalid_link" } });
    const sent = await sendLink(delia);
    expect(sent.body.data).toEqual({ email: "delphinia@example.test" });
    await deletionToken(receiver, "delphinia@example.test");
    // Asking for the link changed nothing: the account is whole.
    expect((await delia.get("/api/users/me/export")).status).toBe(200);
  });

  it("refuses an expired link", async () => {
    await sendLink(delia);
    const old = await deletionToken(receiver, "delphinia@example.test");
    t.clock.advance(HOUR_MS + 1000);
    const late = await t.client().post("/api/account/delete", { body: { token: old } });
    expect(late.status).toBe(400);
    expect((await delia.get("/api/users/me/export")).status).toBe(200);
  });

  // On the real clock again (each test's moves are undone after it), so the mail it queues is due.
  it("deletes with a fresh link, once", async () => {
    await sendLink(delia);
    const token = await deletionToken(receiver, "delphinia@example.test");
    const done = await t.client().post("/api/account/delete", { body: { token } });
    expect(done.status, done.text).toBe(200);
    const again = await t.client().post("/api/account/delete", { body: { token } });
    expect(again.status).toBe(400);
    expect((await delia.get("/api/users/me/export")).status).toBe(401);
  });

  it("leaves no row that names her: id, address or name, in any table", async () => {
    const { found, columns } = await mentions(t, [
      delia.userId,
      "delphinia@example.test",
      "Delphinia",
      "Quarrington",
    ]);
    expect(columns).toBeGreaterThan(40);
    expect(found).toEqual([]);
  });

  it("hands her group to its longest-standing member, who is told by e-mail", async () => {
    const group = await ben.get<Data<{ groupData: { admin: string; members: { id: string }[] } }>>(
      `/api/groups/${played}`,
    );
    expect(group.body.data.groupData.admin).toBe(ben.userId);
    expect(group.body.data.groupData.members.map((m) => m.id).sort()).toEqual(
      [ben.userId, cy.userId].sort(),
    );
    const mail = await mailWithSubject(receiver, "ben@example.test", "You are now the admin of");
    expect(mail.subject).toBe("You are now the admin of Round table");
    expect(mail.text).not.toContain("Delphinia");
    expect(
      receiver.mails.some(
        (m) => m.to.includes("cy@example.test") && m.subject.startsWith("You are now"),
      ),
    ).toBe(false);
  });

  it("deletes the group she was alone in", async () => {
    const rows = await t.db.execute(sql`SELECT id FROM groups WHERE id = ${alone}`);
    expect(rowsOf(rows).length).toBe(0);
  });

  it("drops her from an open round as a leaver, and the others play on", async () => {
    const open = await rounds.current(ben, benRuns);
    expect(open.status).toBe(200);
    const ids = Object.keys(open.body.data.dilemmaData.membersSubmissionStatus);
    expect(ids).not.toContain(delia.userId);
  });

  it("keeps other members' points, the leaderboard and her closed round as 'Deleted player'", async () => {
    const board = (await rounds.leaderboard(ben, played)).body.data.leaderboardData;
    expect(scores(board)).toEqual(leaderboardBefore);
    const archived = (await rounds.round(ben, played, closedRound)).body.data.roundData;
    const standIn = archived.members.find((m) => m.displayName === DELETED_PLAYER_NAME);
    expect(standIn).toBeDefined();
    expect(archived.memberStats[standIn?.id ?? ""]?.points).toBe(deliaPoints);
    const votes = (await rounds.votes(ben, played, closedRound)).body.data.votesData;
    const hers = votes.filter((v) => v.selectedBy === standIn?.id);
    expect(hers).toHaveLength(3);
    // Her picks stay for the points; her words go with her.
    expect(hers.map((v) => v.comments ?? null)).toEqual([null, null, null]);
  });

  it("keeps her daily choice in the counts", async () => {
    expect((await t.client().get("/api/dilemmas/global")).body).toEqual(countsBefore);
  });

  it("starts a new, empty account when the address signs in again", async () => {
    const back = await t
      .signIn("delphinia@example.test", { name: "Delphinia Again" })
      .catch(() => null);
    // Sign-in links go over SMTP here: read the link from the receiver instead.
    const browser = back ?? t.client();
    if (!back) {
      await browser.post("/api/sign-in/email-link/send", {
        body: {
          email: "delphinia@example.test",
          actionCodeSettings: { url: "/sign-in/link-router", handleCodeInApp: true },
        },
      });
      const mail = await receiver.waitFor("delphinia@example.test");
      const token = new URL(mail.link ?? "").searchParams.get("token");
      const done = await browser.post<Data<{ userData: { id: string } }>>(
        "/api/sign-in/email-link/complete",
        { body: { token, email: "delphinia@example.test" } },
      );
      expect(done.status, done.text).toBe(200);
      expect(done.body.data.userData.id).not.toBe(delia.userId);
    }
    const exported =
      await browser.get<
        Data<{ groups: unknown[]; votes: unknown[]; feedback: unknown[]; globalChoices: unknown[] }>
      >("/api/users/me/export");
    expect(exported.status).toBe(200);
    expect(exported.body.data).toMatchObject({
      groups: [],
      votes: [],
      feedback: [],
      globalChoices: [],
    });
  });
});

describe("exporting one's data", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it("downloads every row of theirs and nobody else's, as an attachment", async () => {
    const ana = await player(t, "Anastasia Export", { email: "anastasia@example.test" });
    const bo = await player(t, "Bo Other", { email: "bo@example.test" });
    const groupId = await groupWith(ana, [bo]);
    const roundId = (await rounds.start(ana, groupId)).body.data.dilemmaData.roundId;
    await voteAll(ana, groupId, roundId, [
      [ana, "A"],
      [bo, "B"],
    ]);
    await voteAll(bo, groupId, roundId, [
      [ana, "B"],
      [bo, "B"],
    ]);
    await rounds.vote(ana, groupId, roundId, { selectedFor: bo.userId, comments: "Ana's note" });
    await rounds.vote(bo, groupId, roundId, { selectedFor: ana.userId, comments: "Bo's note" });
    await ana.post("/api/feedback/create", { body: { feedback: "Ana's feedback" } });
    await bo.post("/api/feedback/create", { body: { feedback: "Bo's feedback" } });

    const answer = await ana.get<Data<Record<string, unknown>>>("/api/users/me/export");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-disposition")).toMatch(
      /^attachment; filename="eitheror-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const data = answer.body.data as {
      profile: { id: string; email: string; displayName: string };
      groups: { id: string; role: string }[];
      votes: { selectedFor: string; comments: string | null }[];
      feedback: { feedback: string }[];
      preferences: { mail: unknown };
    };
    expect(data.profile).toMatchObject({
      id: ana.userId,
      email: "anastasia@example.test",
      displayName: "Anastasia Export",
    });
    expect(data.groups).toEqual([expect.objectContaining({ id: groupId, role: "admin" })]);
    const own = await t.db.execute(
      sql`SELECT count(*)::int AS n FROM votes WHERE selected_by = ${ana.userId}`,
    );
    const n = rowsOf<{ n: number }>(own)[0]?.n ?? -1;
    expect(data.votes).toHaveLength(n);
    expect(data.votes.map((v) => v.comments)).toContain("Ana's note");
    expect(data.feedback).toEqual([expect.objectContaining({ feedback: "Ana's feedback" })]);
    expect(data.preferences.mail).toEqual({ reminders: true, roundResults: true, newRounds: true });
    const text = JSON.stringify(data);
    for (const theirs of ["Bo's note", "Bo's feedback", "bo@example.test", "Bo Other"]) {
      expect(text).not.toContain(theirs);
    }
  });
});

describe("the product admin", () => {
  let t: TestApp;
  let admin: Player;
  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_EMAILS: ADMIN_EMAIL } });
    admin = await player(t, "Admin", { email: ADMIN_EMAIL });
  });
  afterAll(() => t?.close());

  it("deletes an account by its address, and only they may", async () => {
    const gone = await player(t, "Gone Person", { email: "gone@example.test" });
    const other = await player(t, "Other Person", { email: "other@example.test" });
    const groupId = await groupWith(gone, [other]);
    const body = { email: "gone@example.test" };
    expect((await other.post("/api/admin/accounts/delete", { body })).status).toBe(403);
    expect((await gone.get("/api/users/me/export")).status).toBe(200);
    const done = await admin.post("/api/admin/accounts/delete", { body });
    expect(done.status, done.text).toBe(200);
    expect((await gone.get("/api/users/me/export")).status).toBe(401);
    const group = await other.get<Data<{ groupData: { admin: string } }>>(`/api/groups/${groupId}`);
    expect(group.body.data.groupData.admin).toBe(other.userId);
    expect((await admin.post("/api/admin/accounts/delete", { body })).status).toBe(404);
  });

  it("removes a group, and only they may", async () => {
    const owner = await player(t, "Owner Person");
    const member = await player(t, "Member Person");
    const groupId = await groupWith(owner, [member]);
    expect((await member.request("DELETE", `/api/admin/groups/${groupId}`)).status).toBe(403);
    expect((await owner.request("DELETE", `/api/admin/groups/${groupId}`)).status).toBe(403);
    expect((await admin.request("DELETE", `/api/admin/groups/${groupId}`)).status).toBe(200);
    expect((await owner.get(`/api/groups/${groupId}`)).status).toBe(404);
    expect((await admin.request("DELETE", `/api/admin/groups/${groupId}`)).status).toBe(404);
  });
});
