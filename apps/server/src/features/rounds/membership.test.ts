// Secrecy while a round is open, and people joining, leaving or removed mid-round.
import type { ErrorEnvelope } from "@eitheror/shared/api/envelope";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../../test/app";
import {
  anaBenAndCy,
  currentRoundId,
  groupWith,
  join,
  type Player,
  rounds,
  voteAll,
} from "../../../test/rounds";
import { votes } from "../../db/schema";

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
    expect(stats).toEqual({
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
    expect(round.memberStats).toEqual({
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
