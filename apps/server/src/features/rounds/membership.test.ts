// Secrecy while a round is open, and people joining, leaving or removed mid-round.
import type { ErrorEnvelope } from "@eitheror/shared/api/envelope";
import { groupMessages, type Invitation } from "@eitheror/shared/groups/schema";
import { type MemberStat, type RoundSummary, roundMessages } from "@eitheror/shared/rounds/schema";
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp, TestResponse } from "../../../test/app";
import {
  advanceClock,
  anaBenAndCy,
  currentRoundId,
  DAY_MS,
  groupWith,
  join,
  type Player,
  rounds,
  voteAll,
} from "../../../test/rounds";
import { outbox, votes } from "../../db/schema";

let t: TestApp;
let ana: Player;
let ben: Player;
let cy: Player;
beforeAll(async () => {
  ({ t, ana, ben, cy } = await anaBenAndCy());
});
afterAll(() => t?.close());

async function startedGroup(members: Player[]) {
  const groupId = await groupWith(ana, members);
  const roundId = (await rounds.start(ana, groupId)).body.data.dilemmaData.roundId;
  return { groupId, roundId };
}

const errorOf = (answer: TestResponse) => (answer.body as ErrorEnvelope).error;

/** Who took part in a closed round and the points closing fixed (the reveal's figures: reveal.test.ts). */
const pointsOf = (stats: Record<string, MemberStat>) =>
  Object.fromEntries(
    Object.entries(stats).map(([id, { isSubmitted, points }]) => [id, { isSubmitted, points }]),
  );

/** The open round of `groupId` on `who`'s home cards. */
async function homeCard(who: Player, groupId: string) {
  const mine = await who.get<{ data: { roundsData: RoundSummary[] } }>("/api/rounds/current");
  return mine.body.data.roundsData.find((round) => round.groupId === groupId);
}

const inviteCodeOf = async (groupId: string) =>
  (await ana.get<{ data: { groupData: { inviteCode: string } } }>(`/api/groups/${groupId}`)).body
    .data.groupData.inviteCode;

const statusOf = async (groupId: string) =>
  (await rounds.current(ana, groupId)).body.data.dilemmaData.membersSubmissionStatus;

async function votesAbout(roundId: string, userId: string) {
  const about = await t.db
    .select()
    .from(votes)
    .where(and(eq(votes.roundId, roundId), eq(votes.selectedFor, userId)));
  const by = await t.db
    .select()
    .from(votes)
    .where(and(eq(votes.roundId, roundId), eq(votes.selectedBy, userId)));
  return about.length + by.length;
}

describe("secrecy while a round is open", () => {
  it("no route shows anyone another member's votes or comments", async () => {
    const { groupId, roundId } = await startedGroup([ben, cy]);
    const secret = "ana-secret-comment-7f3a";
    for (const member of [ana, ben, cy]) {
      await rounds.vote(ana, groupId, roundId, {
        selectedFor: member.userId,
        optionSelected: "B",
        comments: secret,
      });
    }
    await rounds.submit(ana, groupId, roundId);
    const reads = [
      `/api/groups/${groupId}/rounds/current`,
      "/api/rounds/current",
      `/api/groups/${groupId}/rounds/${roundId}/votes`,
      `/api/groups/${groupId}/rounds/${roundId}`,
      `/api/groups/${groupId}/leaderboard`,
      `/api/groups/${groupId}/rounds/archived`,
      `/api/groups/${groupId}`,
    ];
    for (const url of reads) {
      const seen = await ben.get(url);
      expect(seen.status, url).toBeLessThan(500);
      expect(seen.text, url).not.toContain(secret);
      expect(seen.text, url).not.toMatch(/"optionSelected":"B"/);
    }
    // Ana sees her own, as progress to show.
    expect((await rounds.votes(ana, groupId, roundId)).text).toContain(secret);
    expect((await rounds.round(ben, groupId, roundId)).status).toBe(404);
  });
});

describe("joining during an open round", () => {
  it("takes part at once; those who had submitted are not asked again", async () => {
    const { groupId, roundId } = await startedGroup([ben]);
    await voteAll(ana, groupId, roundId, [
      [ana, "A"],
      [ben, "B"],
    ]);
    expect((await rounds.submit(ana, groupId, roundId)).body.data.roundClosed).toBe(false);
    await join(ana, cy, groupId);
    expect(await statusOf(groupId)).toEqual({
      [ana.userId]: true,
      [ben.userId]: false,
      [cy.userId]: false,
    });
    await voteAll(ben, groupId, roundId, [
      [ana, "A"],
      [ben, "B"],
    ]);
    const missing = await rounds.submit(ben, groupId, roundId);
    expect((missing.body as unknown as ErrorEnvelope).error.code).toBe("votes_missing");
    await voteAll(ben, groupId, roundId, [[cy, "A"]]);
    expect((await rounds.submit(ben, groupId, roundId)).body.data.roundClosed).toBe(false);
    await voteAll(cy, groupId, roundId, [
      [ana, "A"],
      [ben, "B"],
      [cy, "B"],
    ]);
    expect((await rounds.submit(cy, groupId, roundId)).body.data.roundClosed).toBe(true);
    // Truth: Ana A, Ben B, Cy B. Ana: Ben ✓ → 1 (no vote for Cy). Ben: Ana ✓, Cy ✗ → 1. Cy: 2.
    const stats = (await rounds.round(ana, groupId, roundId)).body.data.roundData.memberStats;
    expect(pointsOf(stats)).toEqual({
      [ana.userId]: { isSubmitted: true, points: 1 },
      [ben.userId]: { isSubmitted: true, points: 1 },
      [cy.userId]: { isSubmitted: true, points: 2 },
    });
  });
});

describe("leaving or removed during an open round", () => {
  it("drops the leaver's votes and the votes about them", async () => {
    const { groupId, roundId } = await startedGroup([ben, cy]);
    await voteAll(ben, groupId, roundId, [
      [ben, "A"],
      [cy, "A"],
    ]);
    await voteAll(cy, groupId, roundId, [
      [cy, "B"],
      [ana, "B"],
    ]);
    // Ben about Cy, Cy about Cy (counted as by and about), Cy about Ana.
    expect(await votesAbout(roundId, cy.userId)).toBe(4);
    expect((await cy.post(`/api/groups/${groupId}/members/leave`)).status).toBe(200);
    expect(await votesAbout(roundId, cy.userId)).toBe(0);
    expect(await statusOf(groupId)).toEqual({ [ana.userId]: false, [ben.userId]: false });
    // Ben no longer needs a vote for Cy.
    await voteAll(ben, groupId, roundId, [[ana, "A"]]);
    expect((await rounds.submit(ben, groupId, roundId)).status).toBe(200);
    expect((await rounds.vote(cy, groupId, roundId, { selectedFor: ana.userId })).status).toBe(404);
    expect((await rounds.vote(ana, groupId, roundId, { selectedFor: cy.userId })).status).toBe(400);
  });

  it("closes the round at once when everyone left in it has submitted", async () => {
    const { groupId, roundId } = await startedGroup([ben, cy]);
    for (const voter of [ana, ben]) {
      await voteAll(voter, groupId, roundId, [
        [ana, "A"],
        [ben, "A"],
        [cy, "A"],
      ]);
      await rounds.submit(voter, groupId, roundId);
    }
    const removed = await ana.post(`/api/groups/${groupId}/members/${cy.userId}/remove`);
    expect(removed.status).toBe(200);
    const round = (await rounds.round(ana, groupId, roundId)).body.data.roundData;
    expect(pointsOf(round.memberStats)).toEqual({
      [ana.userId]: { isSubmitted: true, points: 1 },
      [ben.userId]: { isSubmitted: true, points: 1 },
    });
    expect(await currentRoundId(ana, groupId)).not.toBe(roundId);
    expect((await rounds.votes(ben, groupId, roundId)).body.data.votesData).toHaveLength(4);
  });

  it("keeps a closed round as it was when someone leaves afterwards; the leaderboard shows current members", async () => {
    const { groupId, roundId } = await startedGroup([ben, cy]);
    for (const voter of [ana, ben, cy]) {
      await voteAll(voter, groupId, roundId, [
        [ana, "A"],
        [ben, "A"],
        [cy, "A"],
      ]);
      await rounds.submit(voter, groupId, roundId);
    }
    await cy.post(`/api/groups/${groupId}/members/leave`);
    const round = (await rounds.round(ana, groupId, roundId)).body.data.roundData;
    expect(Object.keys(round.memberStats)).toHaveLength(3);
    expect(round.members.map((m) => m.displayName).sort()).toEqual(["Ana", "Ben", "Cy"]);
    const board = (await rounds.leaderboard(ana, groupId)).body.data.leaderboardData;
    expect(board.map((e) => [e.displayName, e.score, e.rank, e.admin])).toEqual([
      ["Ana", 2, 1, true],
      ["Ben", 2, 1, false],
    ]);
  });
});

describe("coming back during the round one left (docs/game-rules.md#who-plays)", () => {
  it("keeps a submission final: back with the same link, they neither vote nor submit, and the round closes without them", async () => {
    const { groupId, roundId } = await startedGroup([ben, cy]);
    await voteAll(cy, groupId, roundId, [
      [ana, "A"],
      [ben, "A"],
      [cy, "A"],
    ]);
    expect((await rounds.submit(cy, groupId, roundId)).status).toBe(200);
    expect((await cy.post(`/api/groups/${groupId}/members/leave`)).status).toBe(200);
    await join(ana, cy, groupId);

    const vote = await rounds.vote(cy, groupId, roundId, {
      selectedFor: ana.userId,
      optionSelected: "B",
    });
    expect([vote.status, errorOf(vote)]).toEqual([
      409,
      { code: "not_in_round", message: roundMessages.notInRound },
    ]);
    const submit = await rounds.submit(cy, groupId, roundId);
    expect([submit.status, errorOf(submit).code]).toEqual([409, "not_in_round"]);
    expect(await votesAbout(roundId, cy.userId)).toBe(0);

    // They see the round and that they are out of it; nobody waits for them or votes for them.
    const seen = (await rounds.current(cy, groupId)).body.data.dilemmaData;
    expect(seen.isParticipant).toBe(false);
    expect(seen.membersSubmissionStatus).toEqual({ [ana.userId]: false, [ben.userId]: false });
    expect((await rounds.current(ana, groupId)).body.data.dilemmaData.isParticipant).toBe(true);
    expect(await homeCard(cy, groupId)).toEqual(
      expect.objectContaining({ roundId, isSubmitted: false, isParticipant: false }),
    );
    expect(await homeCard(ana, groupId)).toEqual(
      expect.objectContaining({ roundId, isParticipant: true }),
    );
    const aboutCy = await rounds.vote(ana, groupId, roundId, {
      selectedFor: cy.userId,
      optionSelected: "A",
    });
    expect([aboutCy.status, errorOf(aboutCy).message]).toEqual([
      400,
      roundMessages.notAParticipant,
    ]);

    // Truth: Ana A, Ben B. Each predicted the other right: 1 point each.
    for (const voter of [ana, ben]) {
      await voteAll(voter, groupId, roundId, [
        [ana, "A"],
        [ben, "B"],
      ]);
    }
    expect((await rounds.submit(ana, groupId, roundId)).body.data.roundClosed).toBe(false);
    expect((await rounds.submit(ben, groupId, roundId)).body.data.roundClosed).toBe(true);
    const closed = (await rounds.round(cy, groupId, roundId)).body.data.roundData;
    expect(pointsOf(closed.memberStats)).toEqual({
      [ana.userId]: { isSubmitted: true, points: 1 },
      [ben.userId]: { isSubmitted: true, points: 1 },
    });

    // The next round is theirs as much as anyone's.
    const next = (await rounds.current(cy, groupId)).body.data.dilemmaData;
    expect(next.roundId).not.toBe(roundId);
    expect(next.isParticipant).toBe(true);
    expect(Object.keys(next.membersSubmissionStatus).sort()).toEqual(
      [ana.userId, ben.userId, cy.userId].sort(),
    );
    await voteAll(cy, groupId, next.roundId, [
      [ana, "A"],
      [ben, "A"],
      [cy, "A"],
    ]);
    expect((await rounds.submit(cy, groupId, next.roundId)).status).toBe(200);
    expect(await homeCard(cy, groupId)).toEqual(
      expect.objectContaining({ isSubmitted: true, isParticipant: true }),
    );
  });

  it("refuses a removed member the same link until the admin resets it; back, they sit the round out", async () => {
    const { groupId, roundId } = await startedGroup([ben, cy]);
    const inviteCode = await inviteCodeOf(groupId);
    expect((await ana.post(`/api/groups/${groupId}/members/${cy.userId}/remove`)).status).toBe(200);

    const invitation = (code: string) =>
      cy.get<{ data: { groupData: Invitation } }>(`/api/groups/invite/${code}`);
    const told = (await invitation(inviteCode)).body.data.groupData;
    expect(told).toMatchObject({ isMember: false, wasRemoved: true });
    const joinWith = (code: string) =>
      cy.post(`/api/groups/${groupId}/members/add`, { body: { inviteCode: code } });
    const refused = await joinWith(inviteCode);
    expect([refused.status, errorOf(refused)]).toEqual([
      403,
      { code: "removed_from_group", message: groupMessages.removedFromGroup },
    ]);
    expect(Object.keys(await statusOf(groupId)).sort()).toEqual([ana.userId, ben.userId].sort());

    const reset = await ana.post<{ data: { inviteCode: string } }>(
      `/api/groups/${groupId}/invite-code/reset`,
    );
    const fresh = reset.body.data.inviteCode;
    expect((await invitation(fresh)).body.data.groupData).toMatchObject({ wasRemoved: false });
    expect((await joinWith(fresh)).status).toBe(200);
    const vote = await rounds.vote(cy, groupId, roundId, {
      selectedFor: cy.userId,
      optionSelected: "A",
    });
    expect([vote.status, errorOf(vote).code]).toEqual([409, "not_in_round"]);
    expect((await rounds.current(cy, groupId)).body.data.dilemmaData.isParticipant).toBe(false);
    expect(await statusOf(groupId)).toEqual({ [ana.userId]: false, [ben.userId]: false });
  });
});

// These move the app's clock: they come last, so no round above falls due under it.
describe("reminders", () => {
  it("reminds nobody sitting the round out", async () => {
    const { groupId, roundId } = await startedGroup([ben, cy]);
    await cy.post(`/api/groups/${groupId}/members/leave`);
    await join(ana, cy, groupId);
    // Rounds of 2 days: the reminder goes 24 h before the due date.
    // The first test here to move the clock: the reminders job is due, not scheduled ahead.
    await advanceClock(ana, DAY_MS + 60_000);
    const reminded = await t.db
      .select({ key: outbox.dedupeKey })
      .from(outbox)
      .where(like(outbox.dedupeKey, `reminder:${roundId}:%`));
    expect(reminded.map((row) => row.key).sort()).toEqual(
      [`reminder:${roundId}:${ana.userId}`, `reminder:${roundId}:${ben.userId}`].sort(),
    );
  });
});

describe("secrecy once a round closes (docs/game-rules.md#secrecy)", () => {
  it("shows the submitted ballots only: drafts of someone who never submitted stay theirs", async () => {
    const { groupId, roundId } = await startedGroup([ben, cy]);
    const draft = "cy-draft-never-sent-41c9";
    for (const member of [ana, ben, cy]) {
      await rounds.vote(cy, groupId, roundId, {
        selectedFor: member.userId,
        optionSelected: "B",
        comments: draft,
      });
    }
    for (const voter of [ana, ben]) {
      await voteAll(voter, groupId, roundId, [
        [ana, "A"],
        [ben, "A"],
        [cy, "A"],
      ]);
      await rounds.submit(voter, groupId, roundId);
    }
    await advanceClock(ana, 2 * DAY_MS + 60_000);
    await rounds.current(ana, groupId);
    const stats = (await rounds.round(ana, groupId, roundId)).body.data.roundData.memberStats;
    expect(pointsOf(stats)).toEqual({
      [ana.userId]: { isSubmitted: true, points: 1 },
      [ben.userId]: { isSubmitted: true, points: 1 },
      [cy.userId]: { isSubmitted: false, points: 0 },
    });

    for (const reader of [ana, ben, cy]) {
      const shown = (await rounds.votes(reader, groupId, roundId)).body.data.votesData;
      expect(shown).toHaveLength(6);
      expect(shown.filter((vote) => vote.selectedBy === cy.userId)).toEqual([]);
    }
    const share = await ana.get<{ data: { roundShare: { shareId: string } } }>(
      `/api/groups/${groupId}/rounds/${roundId}/share`,
    );
    const reads = [
      `/api/groups/${groupId}/rounds/${roundId}/votes`,
      `/api/groups/${groupId}/rounds/${roundId}`,
      `/api/groups/${groupId}/rounds/archived`,
      `/api/groups/${groupId}/leaderboard`,
      `/api/groups/${groupId}/who-knows-whom`,
      `/api/groups/${groupId}/rounds/${roundId}/share`,
      `/api/share/rounds/${share.body.data.roundShare.shareId}`,
    ];
    for (const url of reads) {
      const seen = await ben.get(url);
      expect(seen.status, url).toBe(200);
      expect(seen.text, url).not.toContain(draft);
    }
    const mail = await t.db.select({ text: outbox.text, html: outbox.html }).from(outbox);
    expect(mail.length).toBeGreaterThan(0);
    for (const { text, html } of mail) expect(`${text} ${html}`).not.toContain(draft);
  });
});
