// The round's hot paths (decision 0024) without timing anything: a member's read
// of the open round is kept in memory, and still shows their own votes and every
// change of the group at once (events), anything else within a second, never past
// the due date; a hot read trusts a session read within the last second.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app";
import { DAY_MS, groupWith, type Player, player, rounds, voteAll } from "../../../test/rounds";
import { roundSubmissions, user } from "../../db/schema";
import { AUTH_BASE_PATH } from "../../lib/auth/provider";
import { GROUP_READ_MAX_AGE_MS } from "../../lib/live/group-reads";
import { RECENT_SESSION_MS } from "../../plugins/auth";

let t: TestApp;
let emails = 0;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

async function moveClock(advanceMs: number) {
  const moved = await t.client().post("/api/test/clock", { body: { advanceMs, runJobs: false } });
  expect(moved.status).toBe(200);
}

/** A player signed in by e-mail link in a browser: cookies, as the web app's. */
async function browserPlayer(name: string): Promise<Player> {
  emails += 1;
  const signedIn = await t.signIn(`hot-${emails}-${Date.now()}@example.test`, { name });
  return Object.assign(signedIn, { name });
}

async function openRound(people: Player[]) {
  const [admin, ...others] = people as [Player, ...Player[]];
  const groupId = await groupWith(admin, others);
  const started = await rounds.start(admin, groupId);
  expect(started.status).toBe(200);
  return { groupId, roundId: started.body.data.dilemmaData.roundId };
}

describe("a member reading the open round again", () => {
  it("sees their own vote at once", async () => {
    const [ana, ben] = [await player(t, "Ana"), await player(t, "Ben")];
    const { groupId, roundId } = await openRound([ana, ben]);
    expect((await rounds.current(ana, groupId)).body.data.dilemmaData.votes).toEqual([]);
    const body = { selectedFor: ben.userId, optionSelected: "B" as const, comments: "Ben!" };
    expect((await rounds.vote(ana, groupId, roundId, body)).status).toBe(200);
    const votes = (await rounds.current(ana, groupId)).body.data.dilemmaData.votes;
    expect(votes).toEqual([
      {
        selectedBy: ana.userId,
        selectedFor: ben.userId,
        optionSelected: "B",
        comments: "Ben!",
        isRight: null,
      },
    ]);
  });

  it("sees another member's submission at once", async () => {
    const [ana, ben, cy] = [await player(t, "Ana"), await player(t, "Ben"), await player(t, "Cy")];
    const { groupId, roundId } = await openRound([ana, ben, cy]);
    const before = (await rounds.current(ana, groupId)).body.data.dilemmaData;
    expect(before.membersSubmissionStatus[ben.userId]).toBe(false);
    await voteAll(ben, groupId, roundId, [
      [ana, "A"],
      [ben, "B"],
      [cy, "A"],
    ]);
    expect((await rounds.submit(ben, groupId, roundId)).status).toBe(200);
    const after = (await rounds.current(ana, groupId)).body.data.dilemmaData;
    expect(after.membersSubmissionStatus[ben.userId]).toBe(true);
  });

  it("is refused at once once removed from the group", async () => {
    const [ana, ben] = [await player(t, "Ana"), await player(t, "Ben")];
    const { groupId } = await openRound([ana, ben, await player(t, "Cy")]);
    expect((await rounds.current(ben, groupId)).status).toBe(200);
    const removed = await ana.post(`/api/groups/${groupId}/members/${ben.userId}/remove`);
    expect(removed.status).toBe(200);
    expect((await rounds.current(ben, groupId)).status).toBe(404);
  });

  it("sees a change made behind this instance's back within a second", async () => {
    const [ana, ben] = [await player(t, "Ana"), await player(t, "Ben")];
    const { groupId, roundId } = await openRound([ana, ben]);
    expect((await rounds.current(ana, groupId)).status).toBe(200);
    // Another instance's submit, straight into the database (its event never came here).
    await t.db.insert(roundSubmissions).values({
      roundId,
      userId: ben.userId,
      submittedAt: t.clock.now(),
    });
    await moveClock(GROUP_READ_MAX_AGE_MS);
    const read = (await rounds.current(ana, groupId)).body.data.dilemmaData;
    expect(read.membersSubmissionStatus[ben.userId]).toBe(true);
  });

  it("never gets a round past its due date: the read closes it and shows the next", async () => {
    const [ana, ben] = [await player(t, "Ana"), await player(t, "Ben")];
    const { groupId, roundId } = await openRound([ana, ben]);
    expect((await rounds.current(ana, groupId)).body.data.dilemmaData.roundId).toBe(roundId);
    // Past the due date (2 days), with no job run: only the read can close it.
    await moveClock(2 * DAY_MS + 1000);
    const next = (await rounds.current(ana, groupId)).body.data.dilemmaData;
    expect(next.roundId).not.toBe(roundId);
  });
});

describe("a hot read's session", () => {
  it("is refused at once after signing out through this instance", async () => {
    const [ana, ben] = [await browserPlayer("Ana"), await browserPlayer("Ben")];
    const { groupId } = await openRound([ana, ben]);
    expect((await rounds.current(ana, groupId)).status).toBe(200);
    const token = ana.cookies.get("better-auth.session_token");
    expect((await ana.post(`${AUTH_BASE_PATH}/sign-out`, { body: {} })).status).toBe(200);
    const replay = t.client();
    if (token) replay.cookies.set("better-auth.session_token", token);
    expect((await rounds.current(replay, groupId)).status).toBe(401);
  });

  it("is refused within a second when the account is disabled elsewhere", async () => {
    const [ana, ben] = [await browserPlayer("Ana"), await browserPlayer("Ben")];
    const { groupId } = await openRound([ana, ben]);
    expect((await rounds.current(ana, groupId)).status).toBe(200);
    await t.db.update(user).set({ banned: true }).where(eq(user.id, ana.userId));
    await moveClock(Math.max(RECENT_SESSION_MS, GROUP_READ_MAX_AGE_MS));
    expect((await rounds.current(ana, groupId)).status).toBe(401);
  });
});
