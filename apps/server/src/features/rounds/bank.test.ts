// A group that has had every dilemma, and the limits of one vote.
import type { ErrorEnvelope } from "@eitheror/shared/api/envelope";
import { MAX_COMMENT_LENGTH, roundMessages } from "@eitheror/shared/rounds/schema";
import { fieldMessages } from "@eitheror/shared/validation/messages";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app";
import { groupWith, type Player, player, rounds, voteAll } from "../../../test/rounds";
import { dilemmas, rounds as roundsTable } from "../../db/schema";

let t: TestApp;
let ana: Player;
let ben: Player;
beforeAll(async () => {
  t = await createTestApp();
  ana = await player(t, "Ana");
  ben = await player(t, "Ben");
});
afterAll(() => t?.close());

describe("when the group has had every dilemma of the bank", () => {
  it("closes the round, says so clearly, and starts the next once new dilemmas arrive", async () => {
    const groupId = await groupWith(ana, [ben]);
    const roundId = (await rounds.start(ana, groupId)).body.data.dilemmaData.roundId;
    // Every other dilemma of the bank, as rounds this group played long ago.
    await t.db.execute(sql`
      INSERT INTO ${roundsTable} (group_id, number, dilemma_id, started_at, due_date, archived_at)
      SELECT ${groupId}, 1 + row_number() OVER (ORDER BY id), id, now(), now(), now()
      FROM ${dilemmas}
      WHERE id NOT IN (SELECT dilemma_id FROM ${roundsTable} WHERE group_id = ${groupId})`);
    for (const voter of [ana, ben]) {
      await voteAll(voter, groupId, roundId, [
        [ana, "A"],
        [ben, "B"],
      ]);
      await rounds.submit(voter, groupId, roundId);
    }
    const none = await rounds.current(ben, groupId);
    expect(none.status).toBe(404);
    expect((none.body as unknown as ErrorEnvelope).error).toEqual({
      code: "no_dilemma_left",
      message: roundMessages.noDilemmaLeft,
    });
    const [added] = await t.db
      .insert(dilemmas)
      .values({
        dilemma: "Sea or snow?",
        optionA: "Sea",
        optionB: "Snow",
        dedupeKey: "sea or snow",
      })
      .returning();
    const next = await rounds.current(ben, groupId);
    expect(next.status).toBe(200);
    expect(next.body.data.dilemmaData.dilemma).toBe("Sea or snow?");
    const [row] = await t.db
      .select()
      .from(roundsTable)
      .where(eq(roundsTable.id, next.body.data.dilemmaData.roundId));
    expect(row?.dilemmaId).toBe(added?.id);
  });
});

describe("a vote's limits", () => {
  it("takes a comment of 1000 characters, refuses 1001, and only A, B or null", async () => {
    const groupId = await groupWith(ana, [ben]);
    const roundId = (await rounds.start(ana, groupId)).body.data.dilemmaData.roundId;
    const vote = (body: object) =>
      rounds.vote(ana, groupId, roundId, { selectedFor: ben.userId, ...body });
    const longest = "é".repeat(MAX_COMMENT_LENGTH);
    expect((await vote({ comments: longest })).body.data.vote.comments).toBe(longest);
    const tooLong = await vote({ comments: "x".repeat(MAX_COMMENT_LENGTH + 1) });
    expect(tooLong.status).toBe(400);
    expect((tooLong.body as unknown as ErrorEnvelope).error.messages).toEqual([
      fieldMessages.maxLength(MAX_COMMENT_LENGTH),
    ]);
    expect((await vote({ optionSelected: "C" })).status).toBe(400);
    const cleared = await vote({ optionSelected: null, comments: null });
    expect(cleared.body.data.vote).toMatchObject({ optionSelected: null, comments: null });
    expect((await vote({ comments: "   " })).body.data.vote.comments).toBeNull();
    const unknown = await rounds.vote(ana, groupId, roundId, { selectedFor: "nobody" });
    expect(unknown.status).toBe(400);
    expect(
      (await rounds.vote(ana, groupId, "no-such-round", { selectedFor: ben.userId })).status,
    ).toBe(404);
  });
});
