// Many requests at once, and two instances sweeping one database: state stays exact.
import { count, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestResponse } from "../../../test/app";
import { createSession } from "../../../test/factories";
import {
  anotherInstance,
  currentRoundId,
  DAY_MS,
  groupWith,
  type Player,
  player,
  rounds,
} from "../../../test/rounds";
import { buildApp } from "../../app";
import type { Database } from "../../db/client";
import { roundResults, roundSubmissions, rounds as roundsTable, votes } from "../../db/schema";
import { createClock } from "../../lib/clock";

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

const errorCode = (answer: TestResponse) =>
  (answer.body as { error?: { code: string } }).error?.code;

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
    const refused = submits.filter((answer) => answer.status === 409);
    // Submitting is final: a second one is `already_submitted`, closed round or not (0024).
    expect(refused.map(errorCode)).toEqual(Array(7).fill("already_submitted"));
    const lateVote = await rounds.vote(admin, groupId, roundId, {
      selectedFor: admin.userId,
      optionSelected: "B",
    });
    expect([lateVote.status, errorCode(lateVote)]).toEqual([409, "already_submitted"]);
    const closings = submits.filter((answer) => answer.body.data?.roundClosed === true);
    expect(closings).toHaveLength(1);
    const [submissions] = await t.db
      .select({ n: count() })
      .from(roundSubmissions)
      .where(eq(roundSubmissions.roundId, roundId));
    expect(submissions?.n).toBe(7);
    const stats = (await rounds.round(admin, groupId, roundId)).body.data.roundData.memberStats;
    // Everyone predicted everyone right: 6 points each.
    const points = Object.values(stats).map(({ isSubmitted, points }) => ({ isSubmitted, points }));
    expect(points).toEqual(Array(7).fill({ isSubmitted: true, points: 6 }));
    expect(await currentRoundId(admin, groupId)).not.toBe(roundId);
  }, 60_000);
});

describe("one group's votes and submits racing together", () => {
  it("records one submission each, only complete ones, and no vote changed after it", async () => {
    const people: Player[] = [];
    for (let i = 0; i < 8; i++) people.push(await player(t, `Mixer ${i}`, { http: true }));
    const [admin, ...others] = people as [Player, ...Player[]];
    const groupId = await groupWith(admin, others);
    const roundId = (await rounds.start(admin, groupId)).body.data.dilemmaData.roundId;
    const ready = people.slice(0, 4);
    const late = people.slice(4);
    const voteFor = (voter: Player, member: Player, option: "A" | "B", note: string) =>
      rounds.vote(voter, groupId, roundId, {
        selectedFor: member.userId,
        optionSelected: option,
        comments: `${note} from ${voter.name}`,
      });
    // Half the group voted already: their submits can land in the middle of the burst.
    for (const voter of ready)
      for (const member of people) await voteFor(voter, member, "A", "early");

    // 64 votes at once, interleaved: the ready half change every vote while the other
    // half cast theirs. Each member's submits (two at once for the ready half) leave
    // when one of their own votes is answered, so they land among the others in flight.
    type Kind = "change" | "first" | "submit";
    const sent: { kind: Kind; voter: Player; member: Player; answer: Promise<TestResponse> }[] = [];
    const voteAnswers = new Map<string, Promise<TestResponse>>();
    for (const member of people) {
      for (const voter of people) {
        const kind = ready.includes(voter) ? "change" : "first";
        const answer = voteFor(voter, member, kind === "change" ? "B" : "A", kind);
        voteAnswers.set(`${voter.userId}>${member.userId}`, answer);
        sent.push({ kind, voter, member, answer });
      }
    }
    const submitAfter = (voter: Player, member: Player) => {
      const own = voteAnswers.get(`${voter.userId}>${member.userId}`) as Promise<TestResponse>;
      const answer = own.then(() => rounds.submit(voter, groupId, roundId));
      sent.push({ kind: "submit", voter, member: voter, answer });
    };
    ready.forEach((voter, v) => {
      submitAfter(voter, people[v + 2] as Player);
      submitAfter(voter, people[v + 2] as Player);
    });
    for (const voter of late) submitAfter(voter, people[6] as Player);
    const answers = await Promise.all(sent.map((r) => r.answer));
    const done = sent.map((r, i) => ({ ...r, answer: answers[i] as TestResponse }));
    for (const { kind, voter, answer } of done) {
      if (kind === "first") expect(answer.status).toBe(200);
      // A change after its voter's submission, or a second submit: refused.
      else if (answer.status === 409) expect(errorCode(answer)).toBe("already_submitted");
      // A late member's submit may come before their last vote.
      else if (answer.status === 400 && kind === "submit") {
        expect(late).toContain(voter);
        expect(errorCode(answer)).toBe("votes_missing");
      } else expect(answer.status).toBe(200);
    }
    for (const voter of ready) {
      const mine = done.filter((r) => r.kind === "submit" && r.voter === voter);
      expect(mine.map((r) => r.answer.status).sort()).toEqual([200, 409]);
    }
    // Whoever was too early submits again, all at once: now every vote is in.
    const retried = done.filter((r) => r.kind === "submit" && r.answer.status === 400);
    const retries = await Promise.all(
      retried.map(({ voter }) => rounds.submit(voter, groupId, roundId)),
    );
    expect(retries.map((answer) => answer.status)).toEqual(retries.map(() => 200));

    const submitted = await t.db
      .select()
      .from(roundSubmissions)
      .where(eq(roundSubmissions.roundId, roundId));
    expect(submitted.map((row) => row.userId).sort()).toEqual(people.map((p) => p.userId).sort());
    const submittedAt = new Map(submitted.map((row) => [row.userId, row.submittedAt.getTime()]));
    const saved = await t.db.select().from(votes).where(eq(votes.roundId, roundId));
    expect(saved).toHaveLength(people.length ** 2);
    for (const voter of people) {
      const mine = saved.filter((vote) => vote.selectedBy === voter.userId);
      expect(mine.map((vote) => vote.selectedFor).sort()).toEqual(
        people.map((p) => p.userId).sort(),
      );
      for (const vote of mine) {
        expect(vote.optionSelected).not.toBeNull();
        expect(vote.updatedAt.getTime()).toBeLessThanOrEqual(submittedAt.get(voter.userId) ?? 0);
      }
    }
    // A change that got a 200 is what was kept; one refused (409) left the vote as it was.
    for (const { voter, member, answer } of done.filter((r) => r.kind === "change")) {
      const vote = saved.find(
        (v) => v.selectedBy === voter.userId && v.selectedFor === member.userId,
      );
      const kept = answer.status === 200 ? ["B", "change"] : ["A", "early"];
      expect([vote?.optionSelected, vote?.comments]).toEqual([
        kept[0],
        `${kept[1]} from ${voter.name}`,
      ]);
    }

    // Closed exactly once: one closing answer, one set of results, one next round.
    const closings = [
      ...done.filter((r) => r.kind === "submit").map((r) => r.answer),
      ...retries,
    ].filter((a) => (a.body as { data?: { roundClosed?: boolean } }).data?.roundClosed === true);
    expect(closings).toHaveLength(1);
    const [results] = await t.db
      .select({ n: count() })
      .from(roundResults)
      .where(eq(roundResults.roundId, roundId));
    expect(results?.n).toBe(people.length);
    const groupRounds = await t.db
      .select()
      .from(roundsTable)
      .where(eq(roundsTable.groupId, groupId));
    expect(groupRounds.map((round) => round.archivedAt === null).sort()).toEqual([false, true]);
    expect(groupRounds.find((round) => round.id === roundId)?.archivedAt).not.toBeNull();
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
        anotherInstance(other.db, later).service.sweep(),
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
      anotherInstance(t.db, later).service.sweep(),
      anotherInstance(other.db, later).service.sweep(),
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
