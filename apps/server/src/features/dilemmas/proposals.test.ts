// A group's own dilemmas (decision 0077): proposed by members, approved by the
// group's admin or at once, drawn before the bank's, private to the group.
import type { Proposal } from "@eitheror/shared/dilemmas/proposals";
import { PROPOSALS_PER_DAY, proposalMessages } from "@eitheror/shared/dilemmas/proposals";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app";
import { groupWith, join, type Player, player, rounds, voteAll } from "../../../test/rounds";
import { dilemmas, moderationLog } from "../../db/schema";

type Data<T> = { data: T };
let t: TestApp;
let ana: Player;
let ben: Player;
let cy: Player;
beforeAll(async () => {
  t = await createTestApp();
  ana = await player(t, "Ana");
  ben = await player(t, "Ben");
  cy = await player(t, "Cy");
});
afterAll(() => t?.close());

const propose = (by: Player, groupId: string, dilemma: string) =>
  by.post<Data<{ proposal: Proposal }>>(`/api/groups/${groupId}/dilemmas/proposals`, {
    body: { dilemma, optionA: "  Yes ", optionB: "No" },
  });
const list = (by: Player, groupId: string) =>
  by.get<Data<{ proposals: Proposal[] }>>(`/api/groups/${groupId}/dilemmas/proposals`);
const decide = (by: Player, groupId: string, id: string, how: "approve" | "reject") =>
  by.post<Data<{ proposal: Proposal }>>(`/api/groups/${groupId}/dilemmas/proposals/${id}/${how}`);

/** Ana and Ben play the open round to its end: the next one starts. */
async function playRound(groupId: string, roundId: string) {
  for (const voter of [ana, ben]) {
    await voteAll(voter, groupId, roundId, [
      [ana, "A"],
      [ben, "B"],
    ]);
    await rounds.submit(voter, groupId, roundId);
  }
}

describe("proposing a dilemma to the group", () => {
  it("waits for the admin's approval, then is the next round's, before any of the bank", async () => {
    const groupId = await groupWith(ana, [ben]);
    const first = (await rounds.start(ana, groupId)).body.data.dilemmaData;
    const older = await propose(ben, groupId, "  Pizza or pasta, forever?  ");
    expect(older.status).toBe(200);
    expect(older.body.data.proposal).toMatchObject({
      dilemma: "Pizza or pasta, forever?",
      optionA: "Yes",
      status: "pending",
      proposedBy: { id: ben.userId, displayName: "Ben" },
    });
    const newer = await propose(ben, groupId, "Mountains or sea?");
    // The member sees their own pending ones, the admin all of them, oldest first.
    expect((await list(ben, groupId)).body.data.proposals.map((p) => p.dilemma)).toEqual([
      "Pizza or pasta, forever?",
      "Mountains or sea?",
    ]);
    expect((await list(ana, groupId)).body.data.proposals).toHaveLength(2);
    // Not yet approved: the next round is the bank's.
    await playRound(groupId, first.roundId);
    const second = (await rounds.current(ana, groupId)).body.data.dilemmaData;
    expect(second.dilemma).not.toBe("Pizza or pasta, forever?");

    expect((await decide(ben, groupId, older.body.data.proposal.id, "approve")).status).toBe(403);
    expect((await decide(ana, groupId, newer.body.data.proposal.id, "approve")).status).toBe(200);
    const approved = await decide(ana, groupId, older.body.data.proposal.id, "approve");
    expect(approved.body.data.proposal.status).toBe("approved");
    expect((await decide(ana, groupId, older.body.data.proposal.id, "reject")).status).toBe(409);
    expect((await list(ana, groupId)).body.data.proposals).toEqual([]);

    // Proposed first, drawn first (whichever was approved first); then the other.
    await playRound(groupId, second.roundId);
    const third = (await rounds.current(ana, groupId)).body.data.dilemmaData;
    expect(third.dilemma).toBe("Pizza or pasta, forever?");
    await playRound(groupId, third.roundId);
    const fourth = (await rounds.current(ana, groupId)).body.data.dilemmaData;
    expect(fourth.dilemma).toBe("Mountains or sea?");

    // The archive says who proposed it; a bank round says nobody.
    const archived = await rounds.round(ben, groupId, third.roundId);
    expect(archived.body.data.roundData.proposedBy).toEqual({ id: ben.userId, displayName: "Ben" });
    const bank = await rounds.round(ben, groupId, second.roundId);
    expect(bank.body.data.roundData.proposedBy).toBeNull();

    const log = await t.db.select().from(moderationLog).where(eq(moderationLog.groupId, groupId));
    expect(log.map((entry) => [entry.action, entry.actorId]).sort()).toEqual([
      ["approve-proposal", ana.userId],
      ["approve-proposal", ana.userId],
    ]);
  });

  it("is approved at once when the group says so, and never reaches the bank or another group", async () => {
    const groupId = await groupWith(ana, [ben]);
    const other = await groupWith(cy, [ana]);
    const changed = await ana.put<Data<{ groupData: { autoApproveDilemmas: boolean } }>>(
      `/api/groups/${groupId}`,
      {
        body: {
          name: "Round table",
          maxMembers: 20,
          daysBetweenRounds: 2,
          autoApproveDilemmas: true,
        },
      },
    );
    expect(changed.body.data.groupData.autoApproveDilemmas).toBe(true);
    // An edit that leaves it out keeps it.
    const kept = await ana.put<Data<{ groupData: { autoApproveDilemmas: boolean } }>>(
      `/api/groups/${groupId}`,
      { body: { name: "Round table", maxMembers: 20, daysBetweenRounds: 3 } },
    );
    expect(kept.body.data.groupData.autoApproveDilemmas).toBe(true);
    const proposed = await propose(ben, groupId, "Tea at dawn or coffee at dusk?");
    expect(proposed.body.data.proposal.status).toBe("approved");
    expect((await list(ana, groupId)).body.data.proposals).toEqual([]);
    const started = await rounds.start(ana, groupId);
    expect(started.body.data.dilemmaData.dilemma).toBe("Tea at dawn or coffee at dusk?");
    const elsewhere = await rounds.start(cy, other);
    expect(elsewhere.body.data.dilemmaData.dilemma).not.toBe("Tea at dawn or coffee at dusk?");
    const [row] = await t.db
      .select()
      .from(dilemmas)
      .where(eq(dilemmas.id, proposed.body.data.proposal.id));
    expect(row).toMatchObject({ groupId, source: "group", proposedBy: ben.userId });
  });

  it("refuses a duplicate of the bank or the group, and bad text, as the admin's add does", async () => {
    const groupId = await groupWith(ana, [ben]);
    const [bank] = await t.db.select().from(dilemmas).limit(1);
    const copy = await propose(ben, groupId, `${bank?.dilemma.toUpperCase()}!!`);
    expect(copy.status).toBe(409);
    expect(copy.text).toContain(proposalMessages.duplicate);
    expect((await propose(ben, groupId, "Left or right?")).status).toBe(200);
    expect((await propose(ana, groupId, "left, or RIGHT")).status).toBe(409);
    const empty = await ben.post(`/api/groups/${groupId}/dilemmas/proposals`, {
      body: { dilemma: "   ", optionA: "a", optionB: "b" },
    });
    expect(empty.status).toBe(400);
    const long = await ben.post(`/api/groups/${groupId}/dilemmas/proposals`, {
      body: { dilemma: "x".repeat(201), optionA: "a", optionB: "b" },
    });
    expect(long.status).toBe(400);
  });

  it("is the group's alone: a stranger can neither propose nor see, nor decide", async () => {
    const groupId = await groupWith(ana, [ben]);
    const proposed = await propose(ben, groupId, "Owls or larks?");
    expect((await propose(cy, groupId, "Cats or dogs?")).status).toBe(404);
    expect((await list(cy, groupId)).status).toBe(404);
    expect((await decide(cy, groupId, proposed.body.data.proposal.id, "approve")).status).toBe(404);
    // Another member sees none of Ben's pending ones.
    await groupWith(cy, []);
    const dan = await player(t, "Dan");
    await join(ana, dan, groupId);
    expect((await list(dan, groupId)).body.data.proposals).toEqual([]);
    // A proposal of another group is unknown here.
    const elsewhere = await groupWith(cy, [ana]);
    expect((await decide(cy, elsewhere, proposed.body.data.proposal.id, "approve")).status).toBe(
      404,
    );
  });

  it(`answers 429 with Retry-After past ${PROPOSALS_PER_DAY} a day`, async () => {
    const flooder = await player(t, "Flo");
    const groupId = await groupWith(flooder, [ana]);
    for (let i = 0; i < PROPOSALS_PER_DAY; i++) {
      expect((await propose(flooder, groupId, `Flood number ${i}?`)).status).toBe(200);
    }
    const refused = await propose(flooder, groupId, "One too many?");
    expect(refused.status).toBe(429);
    expect(refused.text).toContain(proposalMessages.tooMany);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another member is not held back by it.
    expect((await propose(ana, groupId, "Someone else's?")).status).toBe(200);
  });
});
