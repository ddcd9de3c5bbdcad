// A group down to one member opens no round nobody can play; a second member's join starts the next.
import type { ErrorEnvelope } from "@eitheror/shared/api/envelope";
import { roundMessages } from "@eitheror/shared/rounds/schema";
import { and, asc, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../../test/app";
import {
  advanceClock,
  anaBenAndCy,
  DAY_MS,
  groupWith,
  join,
  type Player,
  player,
  rounds,
} from "../../../test/rounds";
import { outbox, rounds as roundsTable } from "../../db/schema";

let t: TestApp;
let ana: Player;
let ben: Player;
let cy: Player;
beforeAll(async () => {
  ({ t, ana, ben, cy } = await anaBenAndCy());
});
afterAll(() => t?.close());

const roundsOf = (groupId: string) =>
  t.db
    .select()
    .from(roundsTable)
    .where(eq(roundsTable.groupId, groupId))
    .orderBy(asc(roundsTable.number));

const openRoundsOf = (groupId: string) =>
  t.db
    .select()
    .from(roundsTable)
    .where(and(eq(roundsTable.groupId, groupId), isNull(roundsTable.archivedAt)));

/** Ana's group whose first round closed at its due date after Ben left: Ana alone, waiting. */
async function waitingGroup() {
  const groupId = await groupWith(ana, [ben]);
  expect((await rounds.start(ana, groupId)).status).toBe(200);
  expect((await ben.post(`/api/groups/${groupId}/members/leave`)).status).toBe(200);
  await advanceClock(ana, 2 * DAY_MS + 60_000);
  // A read closes the overdue round if the sweeper has not (its next run may lie ahead).
  expect((await rounds.current(ana, groupId)).status).toBe(404);
  return groupId;
}

describe("a group down to one member (docs/game-rules.md#a-round)", () => {
  it("closes its round without a next one, and a second member's join starts exactly one", async () => {
    const groupId = await waitingGroup();
    const [first] = await roundsOf(groupId);
    expect(first?.archivedAt).not.toBeNull();
    // Reads find nothing to open either: the group waits.
    for (let read = 0; read < 2; read++) {
      const current = await rounds.current(ana, groupId);
      expect([current.status, (current.body as unknown as ErrorEnvelope).error]).toEqual([
        404,
        { code: "waiting_for_members", message: roundMessages.waitingForMembers },
      ]);
    }
    await advanceClock(ana, 3 * DAY_MS);
    expect(await roundsOf(groupId)).toHaveLength(1);

    await join(ana, cy, groupId);
    const started = await roundsOf(groupId);
    expect(started.map((round) => [round.number, round.archivedAt === null])).toEqual([
      [1, false],
      [2, true],
    ]);
    const second = started[1]?.id ?? "";
    // Started in the join itself: the new-round mail is queued, and Cy plays at once.
    const mail = await t.db
      .select()
      .from(outbox)
      .where(eq(outbox.dedupeKey, `new-round:${second}:${cy.userId}`));
    expect(mail).toHaveLength(1);
    const current = (await rounds.current(cy, groupId)).body.data.dilemmaData;
    expect(current).toMatchObject({ roundId: second, isParticipant: true });
    expect(Object.keys(current.membersSubmissionStatus).sort()).toEqual(
      [ana.userId, cy.userId].sort(),
    );

    await join(ana, ben, groupId);
    expect(await roundsOf(groupId)).toHaveLength(2);
  });

  it("starts one round however many join at once", async () => {
    const groupId = await waitingGroup();
    const racers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => player(t, `Joiner ${i}`, { http: true })),
    );
    await Promise.all(racers.map((racer) => join(ana, racer, groupId)));
    expect(await roundsOf(groupId)).toHaveLength(2);
    expect(await openRoundsOf(groupId)).toHaveLength(1);
    const current = (await rounds.current(ana, groupId)).body.data.dilemmaData;
    expect(Object.keys(current.membersSubmissionStatus)).toHaveLength(9);
  }, 60_000);
});
