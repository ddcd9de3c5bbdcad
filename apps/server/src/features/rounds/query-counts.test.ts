// What a request costs the database must not grow with the group or its history
// (issue 41): each read and write of a round is counted in statements, in a group of
// 3 and of 9, and with 1 and with 4 closed rounds behind it. No timing: counts only.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp, TestClient } from "../../../test/app";
import { createTestApp } from "../../../test/app";
import {
  currentRoundId,
  groupWith,
  join,
  type Player,
  player,
  rounds,
  voteAll,
} from "../../../test/rounds";

let t: TestApp;

/** Every member picks for every member, alternating A and B; all submit but `holdOut`. */
async function playRound(members: Player[], groupId: string, holdOut?: Player) {
  const roundId = await currentRoundId(members[0] as Player, groupId);
  for (const [index, voter] of members.entries()) {
    await voteAll(
      voter,
      groupId,
      roundId,
      members.map((member, at) => [member, (index + at) % 2 === 0 ? "A" : "B"]),
    );
  }
  for (const voter of members) {
    if (voter === holdOut) continue;
    const submitted = await rounds.submit(voter, groupId, roundId);
    expect(submitted.status).toBe(200);
  }
  return roundId;
}

async function team(prefix: string, size: number) {
  const members: Player[] = [];
  for (let i = 0; i < size; i++) members.push(await player(t, `${prefix} ${i + 1}`));
  const [admin, ...others] = members as [Player, ...Player[]];
  const groupId = await groupWith(admin, others);
  expect((await rounds.start(admin, groupId)).status).toBe(200);
  return { members, admin, groupId };
}

/** A group of two and a third member signed in in a browser, by the session cookie, as the web app is. */
async function withCookieMember(prefix: string) {
  const { admin, groupId } = await team(prefix, 2);
  const name = `${prefix} 3`;
  const member = await t.signIn(`${prefix.toLowerCase()}-${Date.now()}@example.test`, { name });
  await join(admin, Object.assign(member, { name }), groupId);
  return { admin, groupId, member };
}

/** The statements of one request, after the same request once before (sessions read, caches warm). */
async function cost(request: () => Promise<{ status: number }>) {
  expect((await request()).status).toBe(200);
  const { result, statements } = await t.database.statements.count(request);
  expect(result.status).toBe(200);
  return statements.length;
}

/** The reads of a group page and its archive, as `by` makes them. */
async function readsOf(by: TestClient, groupId: string, closedRoundId: string) {
  return {
    group: await cost(() => by.get(`/api/groups/${groupId}`)),
    home: await cost(() => by.get("/api/rounds/current")),
    current: await cost(() => rounds.current(by, groupId)),
    leaderboard: await cost(() => rounds.leaderboard(by, groupId)),
    pastRounds: await cost(() => rounds.archived(by, groupId)),
    archivedRound: await cost(() => rounds.round(by, groupId, closedRoundId)),
    votes: await cost(() => rounds.votes(by, groupId, closedRoundId)),
    reveal: await cost(() => rounds.reveal(by, groupId)),
    whoKnowsWhom: await cost(() => by.get(`/api/groups/${groupId}/who-knows-whom`)),
  };
}

/** A vote, a submit that leaves the round open, and the submit that closes it. */
async function writesOf(members: Player[], groupId: string) {
  const roundId = await currentRoundId(members[0] as Player, groupId);
  const [first, ...rest] = members as [Player, ...Player[]];
  const last = rest.at(-1) as Player;
  for (const voter of members) {
    await voteAll(
      voter,
      groupId,
      roundId,
      members.map((member) => [member, "A"]),
    );
  }
  const vote = await cost(() =>
    rounds.vote(first, groupId, roundId, { selectedFor: last.userId, optionSelected: "B" }),
  );
  for (const voter of rest.slice(0, -1)) await rounds.submit(voter, groupId, roundId);
  const submit = (await t.database.statements.count(() => rounds.submit(first, groupId, roundId)))
    .statements.length;
  const close = (await t.database.statements.count(() => rounds.submit(last, groupId, roundId)))
    .statements.length;
  return { vote, submit, close };
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe("statements per request", () => {
  // Making a group of 9 and playing its rounds takes a while on a loaded machine: the limit only catches a hang.
  it("are the same for a group of 9 as for a group of 3", { timeout: 120_000 }, async () => {
    const small = await team("Small", 3);
    const large = await team("Large", 9);
    const smallRound = await playRound(small.members, small.groupId);
    const largeRound = await playRound(large.members, large.groupId);

    expect(await readsOf(large.admin, large.groupId, largeRound)).toEqual(
      await readsOf(small.admin, small.groupId, smallRound),
    );
    expect(await writesOf(large.members, large.groupId)).toEqual(
      await writesOf(small.members, small.groupId),
    );
  });

  it("are the same with 4 closed rounds behind a group as with 1", {
    timeout: 120_000,
  }, async () => {
    const young = await team("Young", 3);
    const old = await team("Old", 3);
    const youngRound = await playRound(young.members, young.groupId);
    let oldRound = "";
    for (let i = 0; i < 4; i++) oldRound = await playRound(old.members, old.groupId);

    expect(await readsOf(old.admin, old.groupId, oldRound)).toEqual(
      await readsOf(young.admin, young.groupId, youngRound),
    );
  });

  it("of what every member reads alike are paid once for the group, not once per member", {
    timeout: 120_000,
  }, async () => {
    const { members, groupId } = await team("Shared", 4);
    const roundId = await playRound(members, groupId);
    const [first, second, third] = members as [Player, Player, Player];
    const shared = {
      group: (by: TestClient) => by.get(`/api/groups/${groupId}`),
      leaderboard: (by: TestClient) => rounds.leaderboard(by, groupId),
      pastRounds: (by: TestClient) => rounds.archived(by, groupId),
      whoKnowsWhom: (by: TestClient) => by.get(`/api/groups/${groupId}/who-knows-whom`),
      closedRound: (by: TestClient) => rounds.round(by, groupId, roundId),
    };
    for (const [name, read] of Object.entries(shared)) {
      const firstRead = await t.database.statements.count(() => read(first));
      const secondRead = await t.database.statements.count(() => read(second));
      expect(secondRead.result.status, name).toBe(200);
      // The same bytes for both; the second member's read only checks who asks and due rounds.
      expect(secondRead.result.text, name).toBe(firstRead.result.text);
      expect(secondRead.statements.length, name).toBeLessThan(firstRead.statements.length);
    }
    // The closed round's votes, and each member's reveal (their own cut of them), come
    // from the closed round read above: no member's read reads the votes again.
    const readsVotes = (statements: string[]) => statements.some((s) => /from "votes"/i.test(s));
    const votes = await t.database.statements.count(() => rounds.votes(third, groupId, roundId));
    expect(votes.result.body.data.votesData).toHaveLength(16);
    expect(readsVotes(votes.statements)).toBe(false);
    const secondReveal = await t.database.statements.count(() => rounds.reveal(second, groupId));
    const thirdReveal = await t.database.statements.count(() => rounds.reveal(third, groupId));
    expect(thirdReveal.result.body.data.revealData?.round.id).toBe(roundId);
    expect(thirdReveal.result.text).not.toBe(secondReveal.result.text);
    expect(thirdReveal.statements.length).toBe(secondReveal.statements.length);
    expect(readsVotes(secondReveal.statements) || readsVotes(thirdReveal.statements)).toBe(false);
  });

  it("of the open round read by every member at once: who takes part and who submitted, once", {
    timeout: 120_000,
  }, async () => {
    const { members, groupId } = await team("Everyone", 9);
    const { result, statements } = await t.database.statements.count(() =>
      Promise.all(members.map((member) => rounds.current(member, groupId))),
    );
    expect(result.map((answer) => answer.status)).toEqual(members.map(() => 200));
    const reading = (table: string) => statements.filter((s) => s.includes(`from "${table}"`));
    // The round's shared part (decision 0085), once for the nine.
    expect(reading("round_submissions")).toHaveLength(1);
    expect(statements.filter((s) => s.includes('"round_sit_outs"'))).toHaveLength(1);
    // Each member's own part: their votes.
    expect(reading("votes")).toHaveLength(members.length);
    // Every member sees the same round, and whether they take part.
    const bodies = result.map((answer) => answer.body.data.dilemmaData);
    expect(new Set(bodies.map((round) => round.roundId)).size).toBe(1);
    expect(bodies.every((round) => round.isParticipant)).toBe(true);
  });
  it("of a group page's three reads sent at once: the session read once for the three", {
    timeout: 120_000,
  }, async () => {
    const { groupId, member } = await withCookieMember("Page");
    // The page as it opens: the group, its open round and the reveal, side by side.
    const pageReads = () =>
      Promise.all([
        member.get(`/api/groups/${groupId}`),
        rounds.current(member, groupId),
        rounds.reveal(member, groupId),
      ]);
    expect((await pageReads()).map((answer) => answer.status)).toEqual([200, 200, 200]);
    // Past every kept read (the member's round, a session read a second ago).
    t.clock.advance(2_000);
    const { result, statements } = await t.database.statements.count(pageReads);
    expect(result.map((answer) => answer.status)).toEqual([200, 200, 200]);
    // One read of the session serves the three: the hot reads trust a session read
    // within the second, under way too (decision 0024).
    expect(statements.filter((s) => s.includes('"sessions"'))).toHaveLength(1);
  });
  it("of a group read again within the second: none, and a member removed is refused at once", {
    timeout: 120_000,
  }, async () => {
    const { admin, groupId, member } = await withCookieMember("Again");
    const read = () => member.get(`/api/groups/${groupId}`);
    expect((await read()).status).toBe(200);
    // The session read a moment ago and the group as kept for its members (decision 0091).
    const again = await t.database.statements.count(read);
    expect(again.result.status).toBe(200);
    expect(again.statements).toEqual([]);
    // Removed through this instance: the group's event drops what was kept.
    const removed = await admin.post(`/api/groups/${groupId}/members/${member.userId}/remove`);
    expect(removed.status).toBe(200);
    expect((await read()).status).toBe(404);
  });
});
