// Reports and moderation (decision 0077): members report a closed round's
// dilemma or comments, the product admin hides or dismisses, the group's admin
// hides comments; every action is logged.
import type { Report } from "@eitheror/shared/moderation/schema";
import { moderationMessages } from "@eitheror/shared/moderation/schema";
import type { Vote } from "@eitheror/shared/rounds/schema";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app";
import { groupWith, type Player, player, rounds } from "../../../test/rounds";
import { dilemmas, moderationLog, reports, rounds as roundsTable } from "../../db/schema";

type Data<T> = { data: T };
const ADMIN_EMAIL = "moderator@example.test";
let t: TestApp;
let ana: Player;
let ben: Player;
let cy: Player;
let boss: Player;
beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_EMAILS: ADMIN_EMAIL } });
  ana = await player(t, "Ana");
  ben = await player(t, "Ben");
  cy = await player(t, "Cy");
  boss = await player(t, "Boss", { email: ADMIN_EMAIL });
});
afterAll(() => t?.close());

/** A group of Ana (admin) and Ben whose first round closed, Ben's comment on Ana in it. */
async function closedRound() {
  const groupId = await groupWith(ana, [ben]);
  const roundId = (await rounds.start(ana, groupId)).body.data.dilemmaData.roundId;
  for (const [voter, comment] of [
    [ana, "fair"],
    [ben, "Ana would never!"],
  ] as const) {
    await rounds.vote(voter, groupId, roundId, {
      selectedFor: ana.userId,
      optionSelected: "A",
      comments: comment,
    });
    await rounds.vote(voter, groupId, roundId, { selectedFor: ben.userId, optionSelected: "B" });
    await rounds.submit(voter, groupId, roundId);
  }
  return { groupId, roundId };
}

const report = (by: Player, groupId: string, roundId: string, body: object) =>
  by.post<Data<{ report: { id: string } }>>(`/api/groups/${groupId}/rounds/${roundId}/reports`, {
    body,
  });
const queue = async () =>
  (await boss.get<Data<{ reports: Report[] }>>("/api/admin/moderation/reports")).body.data.reports;
const logOf = (targetId: string) =>
  t.db.select().from(moderationLog).where(eq(moderationLog.targetId, targetId));

describe("reporting a closed round", () => {
  it("lets a member report the dilemma; the product admin hides it and it is never drawn again", async () => {
    const { groupId, roundId } = await closedRound();
    const [round] = await t.db.select().from(roundsTable).where(eq(roundsTable.id, roundId));
    const dilemmaId = round?.dilemmaId ?? "";
    const sent = await report(ben, groupId, roundId, { target: "dilemma", reason: "  Rude  " });
    expect(sent.status).toBe(200);
    const queued = (await queue()).find((r) => r.id === sent.body.data.report.id);
    expect(queued).toMatchObject({
      target: "dilemma",
      reason: "Rude",
      reporter: { id: ben.userId, displayName: "Ben" },
      dilemma: { id: dilemmaId, fromGroup: false, hidden: false },
      comment: null,
    });
    expect(
      (await ben.post(`/api/admin/moderation/reports/${sent.body.data.report.id}/hide`)).status,
    ).toBe(403);
    const hidden = await boss.post(
      `/api/admin/moderation/reports/${sent.body.data.report.id}/hide`,
    );
    expect(hidden.status).toBe(200);
    expect((await queue()).some((r) => r.id === sent.body.data.report.id)).toBe(false);
    const [row] = await t.db.select().from(dilemmas).where(eq(dilemmas.id, dilemmaId));
    expect(row?.hiddenAt).not.toBeNull();
    // Past rounds keep it.
    const past = await rounds.round(ben, groupId, roundId);
    expect(past.body.data.roundData.dilemma).toBe(row?.dilemma);
    expect((await logOf(dilemmaId)).map((e) => [e.action, e.actorId])).toEqual([
      ["hide-dilemma", boss.userId],
    ]);
    // Acting twice is a 409.
    expect(
      (await boss.post(`/api/admin/moderation/reports/${sent.body.data.report.id}/hide`)).status,
    ).toBe(409);
  });

  it("never draws a hidden bank dilemma for a new group", async () => {
    const bank = await t.db.select({ id: dilemmas.id }).from(dilemmas);
    // Hide all of the bank but one: every group's first round gets that one.
    const [kept, ...rest] = bank;
    for (const { id } of rest)
      await t.db.update(dilemmas).set({ hiddenAt: new Date() }).where(eq(dilemmas.id, id));
    try {
      for (let i = 0; i < 3; i++) {
        const groupId = await groupWith(cy, [ana]);
        const started = await rounds.start(cy, groupId);
        const [round] = await t.db
          .select()
          .from(roundsTable)
          .where(eq(roundsTable.id, started.body.data.dilemmaData.roundId));
        expect(round?.dilemmaId).toBe(kept?.id);
      }
    } finally {
      for (const { id } of rest)
        await t.db.update(dilemmas).set({ hiddenAt: null }).where(eq(dilemmas.id, id));
    }
  });

  it("lets a member report a comment, and the product admin dismiss the report", async () => {
    const { groupId, roundId } = await closedRound();
    const sent = await report(ana, groupId, roundId, {
      target: "comment",
      selectedBy: ben.userId,
      selectedFor: ana.userId,
      reason: "Mean",
    });
    expect(sent.status).toBe(200);
    const id = sent.body.data.report.id;
    expect((await queue()).find((r) => r.id === id)?.comment).toEqual({
      text: "Ana would never!",
      author: { id: ben.userId, displayName: "Ben" },
      hidden: false,
    });
    expect((await boss.post(`/api/admin/moderation/reports/${id}/dismiss`)).status).toBe(200);
    expect((await queue()).some((r) => r.id === id)).toBe(false);
    const [row] = await t.db.select().from(reports).where(eq(reports.id, id));
    expect(row).toMatchObject({ status: "dismissed", resolvedBy: boss.userId });
    expect((await logOf(id)).map((e) => e.action)).toEqual(["dismiss-report"]);
    // The comment still shows.
    const votes = await rounds.votes(ana, groupId, roundId);
    expect(
      votes.body.data.votesData.find(
        (v) => v.selectedBy === ben.userId && v.selectedFor === ana.userId,
      )?.comments,
    ).toBe("Ana would never!");
  });

  it("refuses reports of an open round, of no comment, and from strangers", async () => {
    const groupId = await groupWith(ana, [ben]);
    const roundId = (await rounds.start(ana, groupId)).body.data.dilemmaData.roundId;
    const open = await report(ben, groupId, roundId, { target: "dilemma", reason: "x" });
    expect(open.status).toBe(409);
    expect(open.text).toContain(moderationMessages.roundOpen);
    const closed = await closedRound();
    expect(
      (await report(cy, closed.groupId, closed.roundId, { target: "dilemma", reason: "x" })).status,
    ).toBe(404);
    const none = await report(ben, closed.groupId, closed.roundId, {
      target: "comment",
      selectedBy: ana.userId,
      selectedFor: ben.userId,
      reason: "x",
    });
    expect(none.status).toBe(404);
    const noReason = await report(ben, closed.groupId, closed.roundId, {
      target: "dilemma",
      reason: " ",
    });
    expect(noReason.status).toBe(400);
  });
});

describe("the group admin hides a comment", () => {
  it("shows others that it was hidden, keeps it for its author, and logs it", async () => {
    const { groupId, roundId } = await closedRound();
    const key = { selectedBy: ben.userId, selectedFor: ana.userId };
    const reported = await report(ana, groupId, roundId, {
      target: "comment",
      ...key,
      reason: "Mean",
    });
    expect(
      (await ben.post(`/api/groups/${groupId}/rounds/${roundId}/comments/hide`, { body: key }))
        .status,
    ).toBe(403);
    expect(
      (await cy.post(`/api/groups/${groupId}/rounds/${roundId}/comments/hide`, { body: key }))
        .status,
    ).toBe(404);
    const find = (votes: Vote[]) =>
      votes.find((v) => v.selectedBy === ben.userId && v.selectedFor === ana.userId);
    // Read just before: what the server keeps of the round for its members is dropped by the hide.
    const before = find((await rounds.votes(ana, groupId, roundId)).body.data.votesData);
    expect(before).toMatchObject({ comments: "Ana would never!" });
    const hidden = await ana.post(`/api/groups/${groupId}/rounds/${roundId}/comments/hide`, {
      body: key,
    });
    expect(hidden.status).toBe(200);
    const seenByAna = find((await rounds.votes(ana, groupId, roundId)).body.data.votesData);
    expect(seenByAna).toMatchObject({ comments: null, commentHidden: true });
    const seenByBen = find((await rounds.votes(ben, groupId, roundId)).body.data.votesData);
    expect(seenByBen).toMatchObject({ comments: "Ana would never!", commentHidden: true });
    const reveal = (await rounds.reveal(ana, groupId)).body.data.revealData;
    expect(reveal && find(reveal.votes)?.comments).toBeNull();
    // The report about it is closed with it.
    const [row] = await t.db
      .select()
      .from(reports)
      .where(eq(reports.id, reported.body.data.report.id));
    expect(row?.status).toBe("actioned");
    const log = await logOf(`${roundId}/${ben.userId}/${ana.userId}`);
    expect(log.map((e) => [e.action, e.actorId, e.groupId])).toEqual([
      ["hide-comment", ana.userId, groupId],
    ]);
  });
});

describe("feedback in the admin's inbox", () => {
  it("is searched, marked done and deleted, each logged", async () => {
    await cy.post("/api/feedback/create", { body: { feedback: "The purple button is lovely" } });
    await cy.post("/api/feedback/create", { body: { feedback: "Something else" } });
    type Inbox = Data<{ feedbackData: { id: string; feedback: string; done: boolean }[] }>;
    const found = await boss.get<Inbox>("/api/admin/feedback?q=PURPLE");
    expect(found.body.data.feedbackData.map((f) => f.feedback)).toEqual([
      "The purple button is lovely",
    ]);
    const id = found.body.data.feedbackData[0]?.id ?? "";
    expect((await boss.post(`/api/admin/feedback/${id}/done`)).status).toBe(200);
    expect(
      (await boss.get<Inbox>("/api/admin/feedback?q=purple")).body.data.feedbackData[0]?.done,
    ).toBe(true);
    expect((await boss.get<Inbox>("/api/admin/feedback?q=100%25")).body.data.feedbackData).toEqual(
      [],
    );
    expect((await boss.request("DELETE", `/api/admin/feedback/${id}`)).status).toBe(200);
    expect((await boss.get<Inbox>("/api/admin/feedback?q=purple")).body.data.feedbackData).toEqual(
      [],
    );
    expect((await boss.request("DELETE", `/api/admin/feedback/${id}`)).status).toBe(404);
    expect((await logOf(id)).map((e) => e.action).sort()).toEqual([
      "feedback-delete",
      "feedback-done",
    ]);
  });
});
