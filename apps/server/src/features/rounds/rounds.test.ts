import type { ErrorEnvelope } from "@eitheror/shared/api/envelope";
import { roundMessages } from "@eitheror/shared/rounds/schema";
import { count, eq, inArray, is } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../../test/app";
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
import * as schema from "../../db/schema";
import { groups as groupsTable, rounds as roundsTable } from "../../db/schema";

let t: TestApp;
let ana: Player;
let ben: Player;
let cy: Player;
beforeAll(async () => {
  ({ t, ana, ben, cy } = await anaBenAndCy());
});
afterAll(() => t?.close());

const scoresOf = async (groupId: string) =>
  (await rounds.leaderboard(ana, groupId)).body.data.leaderboardData.map((e) => [
    e.displayName,
    e.score,
    e.rank,
  ]);

describe("starting the first round", () => {
  it("needs the admin and at least two members, and happens once", async () => {
    const groupId = await groupWith(ana, []);
    const alone = await rounds.start(ana, groupId);
    expect(alone.status).toBe(409);
    expect((alone.body as unknown as ErrorEnvelope).error).toEqual({
      code: "not_enough_members",
      message: roundMessages.notEnoughMembers,
    });
    // The answer says "not started" itself: the page needs no other read to know.
    const none = await rounds.current(ana, groupId);
    expect(none.status).toBe(404);
    expect((none.body as unknown as ErrorEnvelope).error).toEqual({
      code: "round_not_started",
      message: roundMessages.noRoundYet,
    });

    await join(ana, ben, groupId);
    expect((await rounds.start(ben, groupId)).status).toBe(403);
    const started = await rounds.start(ana, groupId);
    expect(started.status).toBe(200);
    const round = started.body.data.dilemmaData;
    expect(new Date(round.dueDate).getTime() - new Date(round.startDate).getTime()).toBe(
      2 * DAY_MS,
    );
    expect(round.membersSubmissionStatus).toEqual({ [ana.userId]: false, [ben.userId]: false });
    expect(round.votes).toEqual([]);
    const again = await rounds.start(ana, groupId);
    expect(again.status).toBe(409);
    expect((again.body as unknown as ErrorEnvelope).error.code).toBe("round_already_started");
  });
});

describe("a round of three", () => {
  let groupId: string;
  let first: string;

  beforeAll(async () => {
    groupId = await groupWith(ana, [ben, cy]);
    first = (await rounds.start(ana, groupId)).body.data.dilemmaData.roundId;
  });

  it("saves each vote as progress and refuses a submit with a vote missing", async () => {
    await voteAll(ana, groupId, first, [
      [ana, "A"],
      [ben, "A"],
    ]);
    const missing = await rounds.submit(ana, groupId, first);
    expect(missing.status).toBe(400);
    expect((missing.body as unknown as ErrorEnvelope).error).toEqual({
      code: "votes_missing",
      message: roundMessages.votesMissing,
      messages: [roundMessages.votesMissing],
    });
    await voteAll(ana, groupId, first, [[cy, null]]);
    expect((await rounds.submit(ana, groupId, first)).status).toBe(400);
    const changed = await rounds.vote(ana, groupId, first, {
      selectedFor: ben.userId,
      comments: "  Ben <b>always</b> says B \u0007 ",
    });
    expect(changed.body.data.vote).toEqual({
      selectedBy: ana.userId,
      selectedFor: ben.userId,
      optionSelected: "A",
      comments: "Ben <b>always</b> says B",
      isRight: null,
    });
  });

  it("closes at the due date (test clock) with the points of docs/game-rules.md", async () => {
    // Truth: Ana A, Ben A; Cy did not submit. Ana: Ben B → 0. Ben: Ana A → 1. Cy: 0.
    await voteAll(ana, groupId, first, [
      [ana, "A"],
      [ben, "B"],
      [cy, "A"],
    ]);
    await voteAll(ben, groupId, first, [
      [ben, "A"],
      [ana, "A"],
      [cy, "B"],
    ]);
    await voteAll(cy, groupId, first, [
      [cy, "B"],
      [ana, "B"],
      [ben, "A"],
    ]);
    expect((await rounds.submit(ana, groupId, first)).body.data).toEqual({ roundClosed: false });
    expect((await rounds.submit(ben, groupId, first)).body.data).toEqual({ roundClosed: false });
    const again = await rounds.submit(ben, groupId, first);
    expect(again.status).toBe(409);
    expect((again.body as unknown as ErrorEnvelope).error.code).toBe("already_submitted");
    const late = await rounds.vote(ben, groupId, first, {
      selectedFor: cy.userId,
      optionSelected: "A",
    });
    expect(late.status).toBe(409);

    const seen = await rounds.current(cy, groupId);
    const status = seen.body.data.dilemmaData.membersSubmissionStatus;
    expect(status).toEqual({ [ana.userId]: true, [ben.userId]: true, [cy.userId]: false });

    await advanceClock(ana, 2 * DAY_MS - 60_000);
    expect(await currentRoundId(ana, groupId)).toBe(first);
    await advanceClock(ana, 2 * 60_000);
    // The sweeper closed it while the clock moved: no read was needed.
    const [row] = await t.db.select().from(roundsTable).where(eq(roundsTable.id, first));
    expect(row?.archivedAt).not.toBeNull();

    const archived = await rounds.round(cy, groupId, first);
    expect(archived.status).toBe(200);
    const ranks = (scoreBefore: number, scoreAfter: number, rankAfter: number) => ({
      scoreBefore,
      scoreAfter,
      rankBefore: 1,
      rankAfter,
    });
    expect(archived.body.data.roundData.memberStats).toEqual({
      [ana.userId]: {
        ...{ isSubmitted: true, points: 0, readable: 1, readRightBy: 1, readableBy: 1 },
        ...ranks(0, 0, 2),
      },
      [ben.userId]: {
        ...{ isSubmitted: true, points: 1, readable: 1, readRightBy: 0, readableBy: 1 },
        ...ranks(0, 1, 1),
      },
      [cy.userId]: {
        ...{ isSubmitted: false, points: 0, readable: 0, readRightBy: 0, readableBy: 0 },
        ...ranks(0, 0, 2),
      },
    });
    expect(archived.body.data.roundData.archivedDate).toBe(row?.dueDate.toISOString());
    // Cy never submitted: Cy's drafts stay Cy's (docs/game-rules.md#secrecy).
    const votes = (await rounds.votes(cy, groupId, first)).body.data.votesData;
    expect(votes).toHaveLength(6);
    expect(votes.filter((vote) => vote.selectedBy === cy.userId)).toEqual([]);
    expect(votes).toContainEqual({
      selectedBy: ana.userId,
      selectedFor: ben.userId,
      optionSelected: "B",
      comments: "Ben <b>always</b> says B",
      isRight: false,
    });
    expect(await scoresOf(groupId)).toEqual([
      ["Ben", 1, 1],
      ["Ana", 0, 2],
      ["Cy", 0, 2],
    ]);
  });

  it("started the next round with another dilemma, due daysBetweenRounds from the closing", async () => {
    const next = (await rounds.current(ben, groupId)).body.data.dilemmaData;
    expect(next.roundId).not.toBe(first);
    expect(next.votes).toEqual([]);
    expect(Object.values(next.membersSubmissionStatus)).toEqual([false, false, false]);
    expect(new Date(next.dueDate).getTime() - t.clock.now().getTime()).toBeGreaterThan(
      2 * DAY_MS - 60_000,
    );
    const firstRound = (await rounds.round(ana, groupId, first)).body.data.roundData;
    expect(next.dilemma).not.toBe(firstRound.dilemma);
  });

  it("closes the moment the last participant submits, and ranks ties together", async () => {
    const second = await currentRoundId(ana, groupId);
    // Truth: Ana B, Ben B, Cy A. Ana: Ben ✓ Cy ✓ → 2. Ben: Ana ✓ Cy ✗ → 1. Cy: Ana ✗ Ben ✓ → 1.
    await voteAll(ana, groupId, second, [
      [ana, "B"],
      [ben, "B"],
      [cy, "A"],
    ]);
    await voteAll(ben, groupId, second, [
      [ben, "B"],
      [ana, "B"],
      [cy, "B"],
    ]);
    await voteAll(cy, groupId, second, [
      [cy, "A"],
      [ana, "A"],
      [ben, "B"],
    ]);
    await rounds.submit(ana, groupId, second);
    await rounds.submit(cy, groupId, second);
    expect((await rounds.submit(ben, groupId, second)).body.data).toEqual({ roundClosed: true });
    const stats = (await rounds.round(ben, groupId, second)).body.data.roundData.memberStats;
    expect(stats).toMatchObject({
      [ana.userId]: { isSubmitted: true, points: 2 },
      [ben.userId]: { isSubmitted: true, points: 1 },
      [cy.userId]: { isSubmitted: true, points: 1 },
    });
    // Ana 0 + 2, Ben 1 + 1, Cy 0 + 1.
    expect(await scoresOf(groupId)).toEqual([
      ["Ana", 2, 1],
      ["Ben", 2, 1],
      ["Cy", 1, 3],
    ]);
    const past = (await rounds.archived(cy, groupId)).body.data.roundsData;
    expect(past.map((round) => round.id)).toEqual([second, first]);
    expect(await currentRoundId(ana, groupId)).not.toBe(second);
  });

  it("shows each home card's due date and whether the caller submitted", async () => {
    const open = await currentRoundId(ana, groupId);
    await voteAll(cy, groupId, open, [
      [ana, "A"],
      [ben, "A"],
      [cy, "A"],
    ]);
    await rounds.submit(cy, groupId, open);
    const mine = async (who: Player) =>
      (
        await who.get<{ data: { roundsData: { groupId: string; isSubmitted: boolean }[] } }>(
          "/api/rounds/current",
        )
      ).body.data.roundsData.find((round) => round.groupId === groupId);
    expect(await mine(cy)).toMatchObject({ roundId: open, isSubmitted: true });
    expect(await mine(ana)).toMatchObject({ roundId: open, isSubmitted: false });
  });
});

/**
 * Every table that hangs off a group, read from the schema: by a foreign key to
 * `groups` (matched on the group's id) or to `rounds` (on the ids of its rounds).
 * A new table with such a key is counted without touching this test.
 */
const groupOwned = Object.values(schema).flatMap((table) => {
  if (!is(table, PgTable)) return [];
  const config = getTableConfig(table);
  return config.foreignKeys.flatMap((key) => {
    const { columns, foreignTable } = key.reference();
    const [column] = columns;
    if (!column || (foreignTable !== groupsTable && foreignTable !== roundsTable)) return [];
    return [
      { name: config.name, table, column, by: foreignTable === groupsTable ? "group" : "round" },
    ];
  });
});

/** The rows of each group-owned table that belong to `groupId`, whose rounds are `roundIds`. */
async function groupRows(groupId: string, roundIds: string[]) {
  const rows: Record<string, number> = {};
  const [own] = await t.db
    .select({ n: count() })
    .from(groupsTable)
    .where(eq(groupsTable.id, groupId));
  rows.groups = own?.n ?? 0;
  for (const { name, table, column, by } of groupOwned) {
    const ids = by === "group" ? [groupId] : roundIds;
    const [found] = await t.db.select({ n: count() }).from(table).where(inArray(column, ids));
    rows[name] = (rows[name] ?? 0) + (found?.n ?? 0);
  }
  return rows;
}

const roundIdsOf = async (groupId: string) =>
  (
    await t.db
      .select({ id: roundsTable.id })
      .from(roundsTable)
      .where(eq(roundsTable.groupId, groupId))
  ).map((row) => row.id);

/**
 * A group of `admin` and `others` with one round closed by everyone's submit and
 * the next one under way, which the last of `others` sits out (removed, then back).
 */
async function playedGroup(admin: Player, others: Player[]) {
  const everyone = [admin, ...others];
  const groupId = await groupWith(admin, others);
  const closed = (await rounds.start(admin, groupId)).body.data.dilemmaData.roundId;
  for (const voter of everyone) {
    await voteAll(
      voter,
      groupId,
      closed,
      everyone.map((member) => [member, "A"]),
    );
  }
  for (const voter of everyone)
    expect((await rounds.submit(voter, groupId, closed)).status).toBe(200);
  expect((await rounds.revealSeen(admin, groupId, closed)).status).toBe(200);
  // The group's own parts beside its rounds (decision 0077): a proposal, a report of its round.
  const proposal = { dilemma: `Stay in or go out, ${groupId}?`, optionA: "In", optionB: "Out" };
  const proposed = await admin.post(`/api/groups/${groupId}/dilemmas/proposals`, {
    body: proposal,
  });
  expect(proposed.status).toBe(200);
  const report = { target: "dilemma", reason: "Asked before" };
  const reported = await admin.post(`/api/groups/${groupId}/rounds/${closed}/reports`, {
    body: report,
  });
  expect(reported.status).toBe(200);
  const open = await currentRoundId(admin, groupId);
  expect(open).not.toBe(closed);
  await voteAll(
    admin,
    groupId,
    open,
    everyone.map((member) => [member, "B"]),
  );
  expect((await rounds.submit(admin, groupId, open)).status).toBe(200);
  await voteAll(others[0] as Player, groupId, open, [[admin, "A"]]);
  // The last one is removed during the open round and comes back by a new link: they sit it out.
  const removed = others.at(-1) as Player;
  const remove = await admin.post(`/api/groups/${groupId}/members/${removed.userId}/remove`);
  expect(remove.status).toBe(200);
  const reset = await admin.post<{ data: { inviteCode: string } }>(
    `/api/groups/${groupId}/invite-code/reset`,
  );
  const back = await removed.post(`/api/groups/${groupId}/members/add`, {
    body: { inviteCode: reset.body.data.inviteCode },
  });
  expect(back.status).toBe(200);
  return groupId;
}

describe("deleting a group that has played", () => {
  it("leaves no row of it in any group-owned table, and another group's rows stay", async () => {
    expect(groupOwned.map((owned) => owned.name)).toEqual(
      expect.arrayContaining([
        "group_members",
        "group_removals",
        "round_results",
        "round_reveals",
        "round_sit_outs",
        "round_submissions",
        "rounds",
        "votes",
        "dilemmas",
        "reports",
      ]),
    );
    const gone = await playedGroup(ana, [ben, cy]);
    const kept = await playedGroup(ben, [ana]);
    const goneRounds = await roundIdsOf(gone);
    const keptRounds = await roundIdsOf(kept);
    expect(goneRounds).toHaveLength(2);
    const before = await groupRows(gone, goneRounds);
    // Every table really held rows of the group: an empty one would prove nothing.
    for (const [name, n] of Object.entries(before)) expect(n, name).toBeGreaterThan(0);
    const keptBefore = await groupRows(kept, keptRounds);
    for (const [name, n] of Object.entries(keptBefore)) expect(n, name).toBeGreaterThan(0);

    expect((await ana.request("DELETE", `/api/groups/${gone}`)).status).toBe(200);

    const after = await groupRows(gone, goneRounds);
    expect(after).toEqual(Object.fromEntries(Object.keys(before).map((name) => [name, 0])));
    expect(await groupRows(kept, keptRounds)).toEqual(keptBefore);
    expect((await ana.get(`/api/groups/${gone}`)).status).toBe(404);
    expect((await rounds.current(ana, kept)).status).toBe(200);
  });
});
