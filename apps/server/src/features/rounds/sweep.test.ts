// The sweep closes a batch of due rounds in one transaction (decision 0094): each
// group comes out as one close of its own round would leave it, and a round
// another transaction holds is left, not closed twice.
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app";
import {
  advanceClock,
  anotherInstance,
  DAY_MS,
  groupWith,
  type Player,
  player,
  rounds,
  voteAll,
} from "../../../test/rounds";
import type { Database } from "../../db/client";
import {
  dilemmas,
  outbox,
  pairTallies,
  roundResults,
  rounds as roundsTable,
  votes,
} from "../../db/schema";

let t: TestApp;
let other: Database;
let ana: Player;
let ben: Player;
let cy: Player;
beforeAll(async () => {
  t = await createTestApp();
  other = await t.database.openAnother();
  ana = await player(t, "Ana");
  ben = await player(t, "Ben");
  cy = await player(t, "Cy");
});
afterAll(async () => {
  await other?.close();
  await t?.close();
});

/**
 * A group of Ana, Ben and Cy with a round played in one of three ways: two of
 * them submit and Cy only drafts; Ana alone submits; Cy votes and leaves.
 */
async function playedGroup(pattern: 0 | 1 | 2): Promise<{ groupId: string; roundId: string }> {
  const groupId = await groupWith(ana, [ben, cy], { daysBetweenRounds: 1 });
  const roundId = (await rounds.start(ana, groupId)).body.data.dilemmaData.roundId;
  const all: [Player, "A" | "B"][] = [
    [ana, "A"],
    [ben, "B"],
    [cy, "A"],
  ];
  if (pattern === 0) {
    await voteAll(ana, groupId, roundId, all);
    await voteAll(ben, groupId, roundId, [
      [ana, "A"],
      [ben, "A"],
      [cy, "B"],
    ]);
    await voteAll(cy, groupId, roundId, all);
    await rounds.submit(ana, groupId, roundId);
    await rounds.submit(ben, groupId, roundId);
  } else if (pattern === 1) {
    await voteAll(ana, groupId, roundId, all);
    await rounds.submit(ana, groupId, roundId);
  } else {
    await voteAll(cy, groupId, roundId, all);
    await voteAll(ana, groupId, roundId, all);
    const left = await cy.post(`/api/groups/${groupId}/members/leave`);
    expect(left.status).toBe(200);
  }
  return { groupId, roundId };
}

/** What a closing leaves of a group, in terms that do not name the group or its rounds. */
async function outcomeOf(groupId: string) {
  const groupRounds = await t.db
    .select({
      id: roundsTable.id,
      number: roundsTable.number,
      dilemmaId: roundsTable.dilemmaId,
      startedAt: roundsTable.startedAt,
      dueDate: roundsTable.dueDate,
      archivedAt: roundsTable.archivedAt,
      dilemma: dilemmas.dilemma,
      optionA: dilemmas.optionA,
      optionB: dilemmas.optionB,
    })
    .from(roundsTable)
    .innerJoin(dilemmas, eq(dilemmas.id, roundsTable.dilemmaId))
    .where(eq(roundsTable.groupId, groupId))
    .orderBy(asc(roundsTable.number));
  const [closed, next] = groupRounds;
  if (!closed) throw new Error("no round");
  const ids = groupRounds.map((round) => round.id);
  const results = await t.db
    .select({
      userId: roundResults.userId,
      submitted: roundResults.submitted,
      points: roundResults.points,
    })
    .from(roundResults)
    .where(eq(roundResults.roundId, closed.id))
    .orderBy(asc(roundResults.userId));
  const keptVotes = await t.db
    .select({ by: votes.selectedBy, for: votes.selectedFor, option: votes.optionSelected })
    .from(votes)
    .where(eq(votes.roundId, closed.id))
    .orderBy(asc(votes.selectedBy), asc(votes.selectedFor));
  const tallies = await t.db
    .select({
      predictor: pairTallies.predictorId,
      target: pairTallies.targetId,
      right: pairTallies.right,
      tries: pairTallies.tries,
    })
    .from(pairTallies)
    .where(eq(pairTallies.groupId, groupId))
    .orderBy(asc(pairTallies.predictorId), asc(pairTallies.targetId));
  // The mails' words, but for the names of this group, its rounds and their dilemmas.
  const names: [string, string][] = [[groupId, "GROUP"]];
  for (const round of groupRounds) {
    names.push([round.id, `ROUND${round.number}`], [round.dilemma, `DILEMMA${round.number}`]);
    names.push([round.optionA, `A${round.number}`], [round.optionB, `B${round.number}`]);
  }
  const anonymous = (text: string) =>
    names.reduce((out, [name, placeholder]) => out.split(name).join(placeholder), text);
  const mails = await t.db
    .select({ to: outbox.to, subject: outbox.subject, text: outbox.text, key: outbox.dedupeKey })
    .from(outbox)
    .where(inArray(outbox.dedupeKey, mailKeysOf(ids)));
  return {
    closed: {
      number: closed.number,
      endedAtDue: closed.archivedAt?.getTime() === closed.dueDate.getTime(),
    },
    next: next && {
      number: next.number,
      open: next.archivedAt === null,
      days: (next.dueDate.getTime() - next.startedAt.getTime()) / DAY_MS,
      freshDilemma: next.dilemmaId !== closed.dilemmaId,
    },
    results,
    keptVotes,
    tallies,
    mails: mails
      .map((mail) => ({ ...mail, key: anonymous(mail.key ?? ""), text: anonymous(mail.text) }))
      .sort((a, b) => a.key.localeCompare(b.key)),
  };
}

/** Every key a round's game mail may have, for Ana, Ben and Cy. */
function mailKeysOf(roundIds: string[]) {
  const kinds = ["round-complete", "new-round", "reminder"];
  return roundIds.flatMap((roundId) =>
    kinds.flatMap((kind) => [ana, ben, cy].map((who) => `${kind}:${roundId}:${who.userId}`)),
  );
}

describe("the sweep's batch", () => {
  it("leaves each group as closing its round alone would", { timeout: 120_000 }, async () => {
    const patterns = [0, 1, 2] as const;
    const alone: { groupId: string; roundId: string }[] = [];
    const swept: { groupId: string; roundId: string }[] = [];
    for (const pattern of patterns) alone.push(await playedGroup(pattern));
    for (const pattern of patterns) swept.push(await playedGroup(pattern));
    t.clock.advance(DAY_MS + 60_000);
    // One read each closes the first three alone (settle: one close per round) ...
    for (const { groupId } of alone)
      expect((await rounds.leaderboard(ana, groupId)).status).toBe(200);
    const stillOpen = await t.db
      .select({ id: roundsTable.id })
      .from(roundsTable)
      .where(
        and(
          inArray(
            roundsTable.id,
            swept.map((g) => g.roundId),
          ),
          isNull(roundsTable.archivedAt),
        ),
      );
    expect(stillOpen).toHaveLength(3);
    // ... and the app's sweeper job the other three, in one batch.
    await advanceClock(ana, 0);
    for (const [at, pattern] of patterns.entries()) {
      const single = await outcomeOf(alone[at]?.groupId ?? "");
      const batch = await outcomeOf(swept[at]?.groupId ?? "");
      expect(batch, `pattern ${pattern}`).toEqual(single);
      expect(batch.next?.open).toBe(true);
      expect(batch.closed.endedAtDue).toBe(true);
    }
    // The patterns differ where they should: points, a draft kept, the leaver's votes gone.
    const [both, one, left] = await Promise.all(swept.map(({ groupId }) => outcomeOf(groupId)));
    expect(both?.results.filter((r) => r.submitted)).toHaveLength(2);
    expect(one?.results.filter((r) => r.points > 0)).toHaveLength(0);
    expect(left?.results.map((r) => r.userId).sort()).toEqual([ana.userId, ben.userId].sort());
    expect(left?.keptVotes.every((v) => v.by !== cy.userId && v.for !== cy.userId)).toBe(true);
    expect(both?.mails.some((mail) => mail.key.startsWith("round-complete:"))).toBe(true);
    expect(both?.mails.some((mail) => mail.key.startsWith("new-round:"))).toBe(true);
  });

  it("publishes each group's closing with its next round", { timeout: 60_000 }, async () => {
    const played = [await playedGroup(0), await playedGroup(1)];
    const { service, published } = anotherInstance(
      t.db,
      t.clock.now().getTime() - Date.now() + DAY_MS + 60_000,
    );
    expect(await service.sweep()).toBeGreaterThanOrEqual(2);
    for (const { groupId, roundId } of played) {
      const [next] = await t.db
        .select({ id: roundsTable.id })
        .from(roundsTable)
        .where(and(eq(roundsTable.groupId, groupId), isNull(roundsTable.archivedAt)));
      const mine = published.filter((p) => p.groupId === groupId).map((p) => p.event);
      expect(mine).toEqual([{ type: "round-closed", roundId, nextRoundId: next?.id }]);
    }
  });

  it("leaves a round another transaction holds, and closes it once later", {
    timeout: 60_000,
  }, async () => {
    // PGlite has one connection: no other transaction can hold a row while the sweep runs.
    if (t.database.kind !== "postgres") return;
    const held = await playedGroup(0);
    const free = await playedGroup(1);
    const later = t.clock.now().getTime() - Date.now() + DAY_MS + 60_000;
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked = () => {};
    const isLocked = new Promise<void>((resolve) => {
      locked = resolve;
    });
    // Another instance's transaction holds the round (as a submit closing it would).
    const holder = other.db.transaction(async (tx) => {
      await tx.select().from(roundsTable).where(eq(roundsTable.id, held.roundId)).for("update");
      locked();
      await released;
    });
    await isLocked;
    try {
      await anotherInstance(t.db, later).service.sweep();
      const [heldRound] = await t.db
        .select()
        .from(roundsTable)
        .where(eq(roundsTable.id, held.roundId));
      const [freeRound] = await t.db
        .select()
        .from(roundsTable)
        .where(eq(roundsTable.id, free.roundId));
      expect(heldRound?.archivedAt).toBeNull();
      expect(freeRound?.archivedAt).not.toBeNull();
    } finally {
      release();
      await holder;
    }
    // Two sweeps at once once it is free: it closes once, with one next round.
    await Promise.all([
      anotherInstance(t.db, later).service.sweep(),
      anotherInstance(other.db, later).service.sweep(),
    ]);
    const groupRounds = await t.db
      .select({ archivedAt: roundsTable.archivedAt })
      .from(roundsTable)
      .where(eq(roundsTable.groupId, held.groupId));
    expect(groupRounds.map((r) => r.archivedAt === null).sort()).toEqual([false, true]);
    const results = await t.db
      .select()
      .from(roundResults)
      .where(eq(roundResults.roundId, held.roundId));
    expect(results).toHaveLength(3);
  });
});
