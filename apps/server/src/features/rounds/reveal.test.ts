// The reveal (issue 36): each prediction judged, each member's reading and ranks
// before and after, seen once per member across devices. The figures are the
// hand-worked example of docs/game-rules.md#the-reveal, played for real.
import { readFileSync } from "node:fs";
import type { ErrorEnvelope } from "@eitheror/shared/api/envelope";
import {
  type MemberStat,
  revealResponseSchema,
  roundMessages,
  type Vote,
} from "@eitheror/shared/rounds/schema";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { TestApp, TestClient } from "../../../test/app";
import { createSession } from "../../../test/factories";
import {
  advanceClock,
  anaBenAndCy,
  currentRoundId,
  DAY_MS,
  groupWith,
  join,
  type Player,
  player,
  rounds,
  voteAll,
} from "../../../test/rounds";

let t: TestApp;
let ana: Player;
let ben: Player;
let cy: Player;
let dan: Player;
let groupId: string;
let first: string;
let second: string;
/** A comment in Cy's ballot of round 2, which Cy never submits. */
const DRAFT = "Cy's draft, never submitted";

beforeAll(async () => {
  ({ t, ana, ben, cy } = await anaBenAndCy());
  dan = await player(t, "Dan");
  groupId = await groupWith(ana, [ben, cy]);
  first = (await rounds.start(ana, groupId)).body.data.dilemmaData.roundId;
});
afterAll(() => t?.close());

const stat = (
  reading: [
    isSubmitted: boolean,
    points: number,
    readable: number,
    readRightBy: number,
    readableBy: number,
  ],
  moves: [scoreBefore: number, scoreAfter: number, rankBefore: number, rankAfter: number] | null,
): MemberStat => {
  const [isSubmitted, points, readable, readRightBy, readableBy] = reading;
  const [scoreBefore, scoreAfter, rankBefore, rankAfter] = moves ?? [null, null, null, null];
  return {
    isSubmitted,
    points,
    readable,
    readRightBy,
    readableBy,
    scoreBefore,
    scoreAfter,
    rankBefore,
    rankAfter,
  };
};

/** Each vote's verdict, by "voter>member" names. */
function marksOf(votes: Vote[]) {
  const names = new Map([ana, ben, cy, dan].map((p) => [p.userId, p.name]));
  return Object.fromEntries(
    votes.map((v) => [`${names.get(v.selectedBy)}>${names.get(v.selectedFor)}`, v.isRight]),
  );
}

/** The votes a reveal shows `viewer`: own picks, theirs, and those about them. */
const shownTo = (viewer: Player, votes: Vote[]) =>
  votes.filter(
    (v) =>
      v.selectedBy === v.selectedFor ||
      v.selectedBy === viewer.userId ||
      v.selectedFor === viewer.userId,
  );

async function unseen(by: TestClient) {
  const answer = await rounds.ofMine(by);
  expect(answer.status).toBe(200);
  return answer.body.data.unseenResults;
}

async function revealed(by: TestClient) {
  const answer = await rounds.reveal(by, groupId);
  expect(answer.status).toBe(200);
  // Written from parts encoded once (decision 0088): byte for byte the whole answer encoded.
  expect(answer.text).toBe(JSON.stringify(z.encode(revealResponseSchema, answer.body)));
  return answer.body.data.revealData;
}

describe("the reveal of docs/game-rules.md's example", () => {
  it("round 1: everyone submits; ranks move from all first to Ben first", async () => {
    await voteAll(ana, groupId, first, [
      [ana, "A"],
      [ben, "B"],
      [cy, "B"],
    ]);
    await voteAll(ben, groupId, first, [
      [ben, "B"],
      [ana, "A"],
      [cy, "A"],
    ]);
    await voteAll(cy, groupId, first, [
      [cy, "A"],
      [ana, "B"],
      [ben, "B"],
    ]);
    for (const who of [ana, ben, cy])
      expect((await rounds.submit(who, groupId, first)).status).toBe(200);

    const round = (await rounds.round(ana, groupId, first)).body.data.roundData;
    expect(round.memberStats).toEqual({
      [ana.userId]: stat([true, 1, 2, 1, 2], [0, 1, 1, 2]),
      [ben.userId]: stat([true, 2, 2, 2, 2], [0, 2, 1, 1]),
      [cy.userId]: stat([true, 1, 2, 1, 2], [0, 1, 1, 2]),
    });
    expect(round.topReaderIds).toEqual([ben.userId]);
    expect(round.revealSeen).toBe(false);
    const votes = (await rounds.votes(ben, groupId, first)).body.data.votesData;
    expect(marksOf(votes)).toEqual({
      "Ana>Ana": null,
      "Ana>Ben": true,
      "Ana>Cy": false,
      "Ben>Ben": null,
      "Ben>Ana": true,
      "Ben>Cy": true,
      "Cy>Cy": null,
      "Cy>Ana": false,
      "Cy>Ben": true,
    });

    expect(await unseen(ana)).toEqual([{ groupId, roundId: first }]);
    // Ana's reveal: the round as its page reads it, its votes but Ben's and Cy's of each other.
    expect(await revealed(ana)).toEqual({ round, votes: shownTo(ana, votes) });
    const seen = await rounds.revealSeen(ana, groupId, first);
    expect([seen.status, seen.body]).toEqual([200, { data: { revealSeen: true } }]);
    expect(await unseen(ana)).toEqual([]);
    expect(await revealed(ana)).toBeNull();
    expect(await unseen(ben)).toEqual([{ groupId, roundId: first }]);
  });

  it("round 2: Dan joins after Ana submitted, Cy never submits; the points, readings and ranks", async () => {
    second = await currentRoundId(ana, groupId);
    await voteAll(ana, groupId, second, [
      [ana, "B"],
      [ben, "A"],
      [cy, "A"],
    ]);
    expect((await rounds.submit(ana, groupId, second)).body.data.roundClosed).toBe(false);
    await join(ana, dan, groupId);
    await voteAll(ben, groupId, second, [
      [ben, "A"],
      [ana, "B"],
      [cy, "B"],
      [dan, "A"],
    ]);
    await voteAll(dan, groupId, second, [
      [dan, "A"],
      [ana, "B"],
      [ben, "A"],
      [cy, "A"],
    ]);
    for (const who of [ben, dan])
      expect((await rounds.submit(who, groupId, second)).status).toBe(200);
    await voteAll(cy, groupId, second, [[cy, "A"]]);
    const draft = { selectedFor: ana.userId, optionSelected: "B" as const, comments: DRAFT };
    expect((await rounds.vote(cy, groupId, second, draft)).status).toBe(200);
    await advanceClock(ana, 2 * DAY_MS + 60_000);

    const round = (await rounds.round(dan, groupId, second)).body.data.roundData;
    expect(round.memberStats).toEqual({
      // Ana never predicted Dan (he joined after she submitted): still one of hers to read.
      [ana.userId]: stat([true, 1, 2, 2, 2], [1, 2, 2, 2]),
      [ben.userId]: stat([true, 2, 2, 2, 2], [2, 4, 1, 1]),
      [cy.userId]: stat([false, 0, 0, 0, 0], [1, 1, 2, 4]),
      [dan.userId]: stat([true, 2, 2, 1, 2], [0, 2, 4, 2]),
    });
    expect([...round.topReaderIds].sort()).toEqual([ben.userId, dan.userId].sort());
    const board = (await rounds.leaderboard(ana, groupId)).body.data.leaderboardData;
    expect(board.map((e) => [e.displayName, e.score, e.rank])).toEqual([
      ["Ben", 4, 1],
      ["Ana", 2, 2],
      ["Dan", 2, 2],
      ["Cy", 1, 4],
    ]);
  });

  it("judges every prediction of round 2 and shows Cy's draft to nobody, Cy included", async () => {
    for (const reader of [ana, ben, cy, dan]) {
      const votes = (await rounds.votes(reader, groupId, second)).body.data.votesData;
      expect(marksOf(votes)).toEqual({
        "Ana>Ana": null,
        "Ana>Ben": true,
        "Ana>Cy": null,
        "Ben>Ben": null,
        "Ben>Ana": true,
        "Ben>Cy": null,
        "Ben>Dan": true,
        "Dan>Dan": null,
        "Dan>Ana": true,
        "Dan>Ben": true,
        "Dan>Cy": null,
      });
      const answers = [
        await rounds.votes(reader, groupId, second),
        await rounds.round(reader, groupId, second),
        await rounds.reveal(reader, groupId),
        await rounds.current(reader, groupId),
      ];
      for (const answer of answers) {
        expect(answer.status).toBe(200);
        expect(answer.text).not.toContain(DRAFT);
      }
    }
    // A reveal carries each member's own pick, the viewer's predictions and those about
    // the viewer: Ana's has no prediction between Ben and Dan, her figures still count them.
    const toAna = await revealed(ana);
    expect(marksOf(toAna?.votes ?? [])).toEqual({
      "Ana>Ana": null,
      "Ana>Ben": true,
      "Ana>Cy": null,
      "Ben>Ben": null,
      "Ben>Ana": true,
      "Dan>Dan": null,
      "Dan>Ana": true,
    });
    expect(toAna?.round.memberStats[ben.userId]?.readRightBy).toBe(
      (await rounds.round(ana, groupId, second)).body.data.roundData.memberStats[ben.userId]
        ?.readRightBy,
    );
    // Cy's reveal is round 2 too: Cy took part, and shows as not submitted.
    const toCy = await revealed(cy);
    expect(toCy?.round.id).toBe(second);
    expect(toCy?.votes.some((v) => v.selectedBy === cy.userId)).toBe(false);
  });
});

describe("seen once per member", () => {
  it("is seen on every device once one has seen it, and marking again changes nothing", async () => {
    const { token } = await createSession(t.db, ana.userId);
    const anaElsewhere = t.client().useBearer(token);
    const reveal = await revealed(ana);
    expect(reveal?.round.id).toBe(second);
    expect(reveal?.round.revealSeen).toBe(false);
    const all = (await rounds.votes(ana, groupId, second)).body.data.votesData;
    expect(reveal?.votes).toEqual(shownTo(ana, all));
    expect(await unseen(anaElsewhere)).toEqual([{ groupId, roundId: second }]);
    // Read on the other device too: kept for Ana a moment (decision 0086), until she marks it.
    expect((await revealed(anaElsewhere))?.round.id).toBe(second);

    expect((await rounds.revealSeen(ana, groupId, second)).status).toBe(200);
    expect(await revealed(anaElsewhere)).toBeNull();
    expect(await unseen(anaElsewhere)).toEqual([]);
    const again = await rounds.revealSeen(anaElsewhere, groupId, second);
    expect([again.status, again.body]).toEqual([200, { data: { revealSeen: true } }]);
    expect((await rounds.round(anaElsewhere, groupId, second)).body.data.roundData.revealSeen).toBe(
      true,
    );
    // Seen by Ana only: Dan's stays to see.
    expect((await rounds.round(dan, groupId, second)).body.data.roundData.revealSeen).toBe(false);
    expect(await unseen(dan)).toEqual([{ groupId, roundId: second }]);
  });

  it("reveals only the newest round played: Ben, who never saw round 1, is not shown it once round 2 is seen", async () => {
    expect(await unseen(ben)).toEqual([{ groupId, roundId: second }]);
    expect((await revealed(ben))?.round.id).toBe(second);
    expect((await rounds.revealSeen(ben, groupId, second)).status).toBe(200);
    expect(await revealed(ben)).toBeNull();
    expect(await unseen(ben)).toEqual([]);
    expect((await rounds.round(ben, groupId, first)).body.data.roundData.revealSeen).toBe(false);
  });

  it("reveals nothing to a member who did not play; they may still mark a round seen", async () => {
    const eve = await player(t, "Eve");
    await join(ana, eve, groupId);
    expect(await revealed(eve)).toBeNull();
    expect(await unseen(eve)).toEqual([]);
    expect((await rounds.revealSeen(eve, groupId, second)).status).toBe(200);
    const round = (await rounds.round(eve, groupId, second)).body.data.roundData;
    expect(round.revealSeen).toBe(true);
    expect(Object.keys(round.memberStats)).not.toContain(eve.userId);
    expect(await revealed(eve)).toBeNull();
  });
});

describe("the open round and the refusals", () => {
  it("judges nothing in the open round", async () => {
    const open = await currentRoundId(ana, groupId);
    const body = { selectedFor: ben.userId, optionSelected: "A" as const };
    expect((await rounds.vote(ana, groupId, open, body)).body.data.vote.isRight).toBeNull();
    const mine = (await rounds.current(ana, groupId)).body.data.dilemmaData.votes;
    expect(mine.map((v) => v.isRight)).toEqual([null]);
    const read = (await rounds.votes(ana, groupId, open)).body.data.votesData;
    expect(read.map((v) => v.isRight)).toEqual([null]);
  });

  it("refuses a stranger, an open round and an unknown one as the round's read does", async () => {
    const stranger = await player(t, "Stranger");
    for (const answer of [
      await rounds.reveal(stranger, groupId),
      await rounds.revealSeen(stranger, groupId, second),
      await rounds.round(stranger, groupId, second),
    ]) {
      expect(answer.status).toBe(404);
    }
    const open = await currentRoundId(ana, groupId);
    const early = await rounds.revealSeen(ana, groupId, open);
    expect([early.status, (early.body as unknown as ErrorEnvelope).error.message]).toEqual([
      404,
      roundMessages.notArchived,
    ]);
    expect((await rounds.revealSeen(ana, groupId, "no-such-round")).status).toBe(404);
    expect((await rounds.reveal(ana, "no-such-group")).status).toBe(404);
  });
});

describe("someone who left", () => {
  it("keeps their reading of the round but no score or rank; the others rank among members", async () => {
    expect((await cy.post(`/api/groups/${groupId}/members/leave`)).status).toBe(200);
    const round = (await rounds.round(ana, groupId, second)).body.data.roundData;
    expect(round.memberStats[cy.userId]).toEqual(stat([false, 0, 0, 0, 0], null));
    expect(round.memberStats[dan.userId]).toEqual(stat([true, 2, 2, 1, 2], [0, 2, 3, 2]));
    expect(round.memberStats[ana.userId]).toEqual(stat([true, 1, 2, 2, 2], [1, 2, 2, 2]));
  });
});

describe("the migration's backfill", () => {
  it("counts every closed round as seen by those who took part in it", async () => {
    expect(await unseen(dan)).toEqual([{ groupId, roundId: second }]);
    const migration = readFileSync(
      new URL("../../db/migrations/0010_reveals.sql", import.meta.url),
      "utf8",
    );
    const backfill = migration
      .split("--> statement-breakpoint")
      .find((statement) => statement.includes('INSERT INTO "round_reveals"'));
    expect(backfill).toBeDefined();
    await t.db.execute(sql.raw(backfill ?? ""));
    expect(await unseen(dan)).toEqual([]);
    expect(await revealed(dan)).toBeNull();
    // Everyone who played round 1 has it seen now, Ben included.
    expect((await rounds.round(ben, groupId, first)).body.data.roundData.revealSeen).toBe(true);
  });
});
