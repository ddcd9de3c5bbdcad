// Many requests at once, and two instances sweeping one database: state stays exact.
import { count, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app";
import { createSession } from "../../../test/factories";
import {
  currentRoundId,
  DAY_MS,
  groupWith,
  type Player,
  player,
  rounds,
} from "../../../test/rounds";
import { buildApp } from "../../app";
import { roundResults, roundSubmissions, rounds as roundsTable, votes } from "../../db/schema";
import { createAccess } from "../../lib/access";
import { createClock } from "../../lib/clock";
import type { Database, Db } from "../../lib/db";
import { createMemoryEventBus } from "../../lib/events";
import { createTransactor } from "../../lib/transaction";
import { createGroupsService } from "../groups/service";
import { createRateLimiter } from "../rate-limits/service";
import { createRoundsService } from "./service";

let t: TestApp;
let other: Database;
beforeAll(async () => {
  t = await createTestApp();
  other = await t.database.openAnother();
});
afterAll(async () => {
  await other?.close();
  await t?.close();
});

/** The rounds service of another app instance: its own database handle and clock. */
function instance(db: Db, advancedMs: number) {
  const clock = createClock();
  clock.advance(advancedMs);
  const core = {
    db,
    clock,
    transaction: createTransactor(db, () => {}),
    access: createAccess({ adminEmails: [] }),
    events: createMemoryEventBus({ warn: () => {} }),
  };
  const limiter = createRateLimiter(core);
  const limits = {
    groupsPerUserPerHour: 1000,
    groupsPerIpPerHour: 1000,
    inviteMissesPerIpPerHour: 1000,
  };
  const groups = createGroupsService(core, { limiter, limits });
  return createRoundsService(core, { groups, limiter, votesPerIpPerHour: 100_000 });
}

describe("one group's members voting and submitting at once", () => {
  it("keeps every vote, one submission each, and closes the round once", async () => {
    const people: Player[] = [];
    for (let i = 0; i < 7; i++) people.push(await player(t, `Racer ${i}`, { http: true }));
    const [admin, ...others] = people as [Player, ...Player[]];
    const groupId = await groupWith(admin, others);
    const roundId = (await rounds.start(admin, groupId)).body.data.dilemmaData.roundId;
    // 49 votes at once over real HTTP: everyone for everyone, A for even racers.
    const cast = await Promise.all(
      people.flatMap((voter) =>
        people.map((member, i) =>
          rounds.vote(voter, groupId, roundId, {
            selectedFor: member.userId,
            optionSelected: i % 2 === 0 ? "A" : "B",
            comments: `from ${voter.name}`,
          }),
        ),
      ),
    );
    expect(cast.map((answer) => answer.status)).toEqual(cast.map(() => 200));
    const [saved] = await t.db.select({ n: count() }).from(votes).where(eq(votes.roundId, roundId));
    expect(saved?.n).toBe(49);

    // Every submit twice, all at once: 7 succeed, 7 are 409, exactly one closes the round.
    const submits = await Promise.all(
      [...people, ...people].map((voter) => rounds.submit(voter, groupId, roundId)),
    );
    const statuses = submits.map((answer) => answer.status).sort();
    expect(statuses).toEqual([...Array(7).fill(200), ...Array(7).fill(409)]);
    const closings = submits.filter((answer) => answer.body.data?.roundClosed === true);
    expect(closings).toHaveLength(1);
    const [submissions] = await t.db
      .select({ n: count() })
      .from(roundSubmissions)
      .where(eq(roundSubmissions.roundId, roundId));
    expect(submissions?.n).toBe(7);
    const stats = (await rounds.round(admin, groupId, roundId)).body.data.roundData.memberStats;
    // Everyone predicted everyone right: 6 points each.
    expect(Object.values(stats)).toEqual(Array(7).fill({ isSubmitted: true, points: 6 }));
    expect(await currentRoundId(admin, groupId)).not.toBe(roundId);
  }, 60_000);
});

describe("two instances and the sweeper racing over many due rounds", () => {
  const GROUPS = 100;

  it("archives each round exactly once and starts exactly one next round each", async () => {
    const admin = await player(t, "Sweep admin");
    const friend = await player(t, "Sweep friend");
    const groupIds: string[] = [];
    for (let i = 0; i < GROUPS; i++) {
      const groupId = await groupWith(admin, [friend], { daysBetweenRounds: 1 });
      await rounds.start(admin, groupId);
      groupIds.push(groupId);
    }
    // A second app on the same database, its clock a little ahead so its job is due too.
    const secondClock = createClock();
    const secondApp = await buildApp({ config: t.config, database: other, clock: secondClock });
    const { token } = await createSession(t.db, friend.userId);
    const readOnSecond = (url: string) =>
      secondApp.inject({ method: "GET", url, headers: { authorization: `Bearer ${token}` } });
    const later = DAY_MS + 60_000;
    t.clock.advance(later);
    secondClock.advance(later + 2 * 60_000);
    try {
      // Both apps' sweeper jobs (through their test clocks), a third sweeper, and reads
      // on both apps finding rounds overdue, all at once.
      const [firstJob, secondJob] = await Promise.all([
        admin.post("/api/test/clock", { body: { advanceMs: 0 } }),
        secondApp.inject({
          method: "POST",
          url: "/api/test/clock",
          headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
          payload: JSON.stringify({ advanceMs: 0 }),
        }),
        instance(other.db, later).sweep(),
        ...groupIds.map((groupId, i) =>
          i % 2
            ? rounds.current(admin, groupId)
            : readOnSecond(`/api/groups/${groupId}/rounds/current`),
        ),
        friend.get("/api/rounds/current"),
        readOnSecond("/api/rounds/current"),
      ]);
      expect([firstJob.status, secondJob.statusCode]).toEqual([200, 200]);
    } finally {
      await secondApp.close();
    }
    await expectOneClosedOneOpen(groupIds);
  }, 120_000);
});

describe("deleting groups while their rounds close", () => {
  it("neither deadlocks nor leaves a row of the group behind", async () => {
    const admin = await player(t, "Delete admin", { http: true });
    const friend = await player(t, "Delete friend");
    const groupIds: string[] = [];
    for (let i = 0; i < 20; i++) {
      const groupId = await groupWith(admin, [friend], { daysBetweenRounds: 1 });
      await rounds.start(admin, groupId);
      groupIds.push(groupId);
    }
    const later = DAY_MS + 60_000;
    t.clock.advance(later);
    const [, , ...deletions] = await Promise.all([
      instance(t.db, later).sweep(),
      instance(other.db, later).sweep(),
      ...groupIds.map((groupId) => admin.request("DELETE", `/api/groups/${groupId}`)),
    ]);
    expect(deletions.map((answer) => answer.status)).toEqual(groupIds.map(() => 200));
    const [left] = await t.db
      .select({ n: count() })
      .from(roundsTable)
      .where(inArray(roundsTable.groupId, groupIds));
    expect(left?.n).toBe(0);
  }, 60_000);
});

async function expectOneClosedOneOpen(groupIds: string[]) {
  const perGroup = await t.db
    .select({
      groupId: roundsTable.groupId,
      closed: sql<number>`count(*) filter (where ${roundsTable.archivedAt} is not null)::int`,
      open: sql<number>`count(*) filter (where ${roundsTable.archivedAt} is null)::int`,
      maxNumber: sql<number>`max(${roundsTable.number})::int`,
    })
    .from(roundsTable)
    .where(inArray(roundsTable.groupId, groupIds))
    .groupBy(roundsTable.groupId);
  expect(perGroup).toHaveLength(groupIds.length);
  for (const group of perGroup) expect(group).toMatchObject({ closed: 1, open: 1, maxNumber: 2 });
  const [results] = await t.db
    .select({ n: count() })
    .from(roundResults)
    .innerJoin(roundsTable, eq(roundsTable.id, roundResults.roundId))
    .where(inArray(roundsTable.groupId, groupIds));
  expect(results?.n).toBe(groupIds.length * 2);
}
