// 'Who knows whom' (docs/game-rules.md#who-knows-whom): the grid after rounds
// played through the API, on both engines.

import { readFileSync } from "node:fs";
import type { WhoKnowsWhom } from "@eitheror/shared/who-knows-whom/schema";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp, TestClient } from "../../../test/app";
import {
  advanceClock,
  anaBenAndCy,
  currentRoundId,
  DAY_MS,
  groupWith,
  type Player,
  player,
  rounds,
  voteAll,
} from "../../../test/rounds";

let t: TestApp;
let ana: Player;
let ben: Player;
let cy: Player;
beforeAll(async () => {
  ({ t, ana, ben, cy } = await anaBenAndCy());
});
afterAll(() => t?.close());

const gridOf = (by: TestClient, groupId: string) =>
  by.get<{ data: { whoKnowsWhomData: WhoKnowsWhom } }>(`/api/groups/${groupId}/who-knows-whom`);

async function grid(by: TestClient, groupId: string) {
  const response = await gridOf(by, groupId);
  if (response.status !== 200) throw new Error(`grid failed: ${response.text}`);
  return response.body.data.whoKnowsWhomData;
}

/**
 * The pairs with a try by players' names, "Ana>Ben": "right/tries", to compare
 * with hand-made counts, read where the pair's row and column meet.
 */
function byName({ members, right, tries }: WhoKnowsWhom, players: Player[]) {
  const name = (id: string) => players.find((p) => p.userId === id)?.name ?? id;
  return Object.fromEntries(
    members.flatMap((predictor, p) =>
      members.flatMap((target, t) => {
        const guessed = tries[p]?.[t] ?? 0;
        if (guessed === 0) return [];
        return [[`${name(predictor.id)}>${name(target.id)}`, `${right[p]?.[t]}/${guessed}`]];
      }),
    ),
  );
}

/** Nobody's row holds a try about themself, and both matrices are members × members. */
function expectSquareWithEmptyDiagonal({ members, right, tries }: WhoKnowsWhom) {
  for (const matrix of [right, tries]) {
    expect(matrix.map((row) => row.length)).toEqual(members.map(() => members.length));
    expect(matrix.map((row, p) => row[p])).toEqual(members.map(() => 0));
  }
}

/** Each member's right guesses summed over the grid, beside their leaderboard score: always equal. */
async function rightsAndScores(groupId: string) {
  const { right, members } = await grid(ana, groupId);
  const board = (await rounds.leaderboard(ana, groupId)).body.data.leaderboardData;
  return members.map((m, p) => ({
    rights: (right[p] ?? []).reduce((sum, n) => sum + n, 0),
    score: board.find((entry) => entry.id === m.id)?.score,
  }));
}

/** Round 1 of docs/game-rules.md: truths Ana A, Ben B, Cy A; everyone submits, so it closes. */
async function playAllThree(groupId: string, roundId: string) {
  await voteAll(ana, groupId, roundId, [
    [ana, "A"],
    [ben, "B"],
    [cy, "B"],
  ]);
  await voteAll(ben, groupId, roundId, [
    [ben, "B"],
    [ana, "A"],
    [cy, "A"],
  ]);
  await voteAll(cy, groupId, roundId, [
    [cy, "A"],
    [ana, "B"],
    [ben, "B"],
  ]);
  for (const who of [ana, ben, cy]) await rounds.submit(who, groupId, roundId);
}

/** Round 2 of docs/game-rules.md: Ana A, Ben A submit; Cy votes but never submits. */
async function playCyMissing(groupId: string, roundId: string) {
  await voteAll(ana, groupId, roundId, [
    [ana, "A"],
    [ben, "B"],
    [cy, "A"],
  ]);
  await voteAll(ben, groupId, roundId, [
    [ben, "A"],
    [ana, "A"],
    [cy, "A"],
  ]);
  await voteAll(cy, groupId, roundId, [
    [cy, "A"],
    [ana, "A"],
    [ben, "A"],
  ]);
  for (const who of [ana, ben]) await rounds.submit(who, groupId, roundId);
}

describe("who knows whom", () => {
  let groupId: string;

  beforeAll(async () => {
    groupId = await groupWith(ana, [ben, cy]);
  });

  it("is empty before a round closes, and an open round's votes never show", async () => {
    const empty = await grid(ana, groupId);
    expect(empty.closedRounds).toBe(0);
    expect(byName(empty, [ana, ben, cy])).toEqual({});
    expectSquareWithEmptyDiagonal(empty);
    const first = (await rounds.start(ana, groupId)).body.data.dilemmaData.roundId;
    await voteAll(ana, groupId, first, [
      [ana, "A"],
      [ben, "B"],
    ]);
    const before = await grid(ben, groupId);
    expect(before).toMatchObject({ groupId, closedRounds: 0 });
    expect(byName(before, [ana, ben, cy])).toEqual({});
    // In the order they joined, for every member alike (the page puts its viewer first).
    expect(before.members.map((m) => m.displayName)).toEqual(["Ana", "Ben", "Cy"]);
    expect(before.members.every((m) => !m.mostPredictable && !m.bestReader)).toBe(true);
    await playAllThree(groupId, first);
  });

  it("counts the first round: each member's rights are their points", async () => {
    const after = await grid(ana, groupId);
    expect(after.closedRounds).toBe(1);
    expectSquareWithEmptyDiagonal(after);
    expect(byName(after, [ana, ben, cy])).toEqual({
      "Ana>Ben": "1/1",
      "Ana>Cy": "0/1",
      "Ben>Ana": "1/1",
      "Ben>Cy": "1/1",
      "Cy>Ana": "0/1",
      "Cy>Ben": "1/1",
    });
    // Ana 1 point, Ben 2, Cy 1 (docs/game-rules.md#points).
    expect(await rightsAndScores(groupId)).toEqual([
      { rights: 1, score: 1 },
      { rights: 2, score: 2 },
      { rights: 1, score: 1 },
    ]);
  });

  it("after two rounds equals the hand-made counts; the open third does not count", async () => {
    const second = await currentRoundId(ana, groupId);
    await playCyMissing(groupId, second);
    await advanceClock(ana, 2 * DAY_MS + 60_000);
    // Round 3 is open; Ana and Ben guess everyone right and submit, Cy has not.
    const third = await currentRoundId(ana, groupId);
    for (const who of [ana, ben]) {
      await voteAll(who, groupId, third, [
        [ana, "A"],
        [ben, "A"],
        [cy, "A"],
      ]);
      expect((await rounds.submit(who, groupId, third)).body.data.roundClosed).toBe(false);
    }

    const answer = await grid(cy, groupId);
    const { closedRounds, members, tries } = answer;
    expect(closedRounds).toBe(2);
    expect(byName(answer, [ana, ben, cy])).toEqual({
      "Ana>Ben": "1/2",
      "Ana>Cy": "0/1",
      "Ben>Ana": "2/2",
      "Ben>Cy": "1/1",
      "Cy>Ana": "0/1",
      "Cy>Ben": "1/1",
    });
    // Tries go both ways: a round counts for a pair when both submitted.
    expect(tries).toEqual(tries.map((row, p) => row.map((_, t) => tries[t]?.[p])));
    const reading = (who: Player, right: number, tries: number) => ({
      memberId: who.userId,
      right,
      tries,
    });
    expect(
      members.map(({ displayName, mostPredictable, bestReader }) => ({
        displayName,
        mostPredictable,
        bestReader,
      })),
    ).toEqual([
      { displayName: "Ana", mostPredictable: reading(ben, 1, 2), bestReader: reading(ben, 2, 2) },
      { displayName: "Ben", mostPredictable: reading(ana, 2, 2), bestReader: reading(cy, 1, 1) },
      { displayName: "Cy", mostPredictable: reading(ben, 1, 1), bestReader: reading(ben, 1, 1) },
    ]);
    // Ana 1 + 0, Ben 2 + 1, Cy 1 + 0.
    expect(await rightsAndScores(groupId)).toEqual([
      { rights: 1, score: 1 },
      { rights: 3, score: 3 },
      { rights: 1, score: 1 },
    ]);
  });

  it("counts at each closing what migration 0013 counts from all closed rounds at once", async () => {
    const kept = async () => {
      const result = await t.db.execute(
        sql`SELECT predictor_id, target_id, "right", tries FROM pair_tallies WHERE group_id = ${groupId} ORDER BY 1, 2`,
      );
      return (result as unknown as { rows: unknown[] }).rows;
    };
    const atEachClosing = await kept();
    expect(atEachClosing).toHaveLength(6);
    const migration = readFileSync(
      new URL("../../db/migrations/0013_pair_tallies.sql", import.meta.url),
      "utf8",
    );
    const backfill = migration.split("--> statement-breakpoint").at(-1) ?? "";
    await t.db.execute(sql`DELETE FROM pair_tallies WHERE group_id = ${groupId}`);
    await t.db.execute(sql.raw(backfill));
    expect(await kept()).toEqual(atEachClosing);
  });

  it("is refused to a stranger, a guest and a signed-out caller, like the leaderboard", async () => {
    const stranger = await player(t, "Stranger");
    const callers = [stranger, await t.anonymous(), t.client()];
    for (const caller of callers) {
      const refused = await gridOf(caller, groupId);
      const board = await rounds.leaderboard(caller, groupId);
      expect(refused.status).toBeGreaterThanOrEqual(400);
      expect([refused.status, refused.body]).toEqual([board.status, board.body]);
    }
    expect((await gridOf(stranger, groupId)).status).toBe(404);
    expect((await gridOf(t.client(), groupId)).status).toBe(401);
    expect((await gridOf(stranger, "no-such-group")).status).toBe(404);
  });
});

describe("someone who left", () => {
  it("is no row or column, and nobody's figure; they are refused the grid", async () => {
    const dee = await player(t, "Dee");
    const groupId = await groupWith(ana, [ben, dee]);
    const roundId = (await rounds.start(ana, groupId)).body.data.dilemmaData.roundId;
    // Truths: Ana A, Ben B, Dee A. Everyone reads Dee right; Ana and Ben read each other wrong.
    for (const who of [ana, ben, dee]) {
      await voteAll(who, groupId, roundId, [
        [ana, who === ana ? "A" : "B"],
        [ben, who === ben ? "B" : "A"],
        [dee, "A"],
      ]);
      await rounds.submit(who, groupId, roundId);
    }
    expect(Object.keys(byName(await grid(ana, groupId), [ana, ben, dee]))).toHaveLength(6);
    expect((await dee.post(`/api/groups/${groupId}/members/leave`)).status).toBe(200);

    const answer = await grid(ana, groupId);
    const { members, closedRounds } = answer;
    expect(closedRounds).toBe(1);
    expect(members.map((m) => m.displayName)).toEqual(["Ana", "Ben"]);
    expectSquareWithEmptyDiagonal(answer);
    expect(byName(answer, [ana, ben])).toEqual({ "Ana>Ben": "0/1", "Ben>Ana": "0/1" });
    expect(members[0]).toMatchObject({
      mostPredictable: { memberId: ben.userId, right: 0, tries: 1 },
      bestReader: { memberId: ben.userId, right: 0, tries: 1 },
    });
    expect((await gridOf(dee, groupId)).status).toBe(404);
  });
});
