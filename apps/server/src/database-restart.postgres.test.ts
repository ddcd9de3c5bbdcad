// PostgreSQL pulled out from under a running server in the middle of a burst of
// votes and choices, and started again: a private server of the test's own
// (never the machine's shared one). While it is away the app answers 503 with
// Retry-After, never a 500 and never after 10 s; then it carries on by itself,
// with every write it acknowledged, and its live streams come back.
import { randomBytes } from "node:crypto";
import type { CurrentRound } from "@eitheror/shared/rounds/schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { remoteClient, type TestClient } from "../test/app";
import { type PrivatePostgres, startPrivatePostgres } from "../test/private-postgres";
import {
  cookieOf,
  type Data,
  groupWithRound,
  type Member,
  openEventStream,
  signInRemote,
} from "../test/remote-game";
import { killHard, type ServerChild, startServer, waitUntilReady } from "../test/server-process";
import { type SmtpReceiver, startSmtpReceiver } from "../test/smtp-receiver";

const MEMBERS = 3;
const GUESTS = 20;
const TAKES = 120;
/** The database goes once this many writes were acknowledged: well inside the burst. */
const STOP_AFTER_ACKS = 60;
/** How long it stays away. */
const AWAY_MS = 1500;
/** No answer may take longer, down or up (docs/operations.md). */
const ANSWER_WITHIN_MS = 10_000;

let postgres: PrivatePostgres;
let smtp: SmtpReceiver;
let server: ServerChild;

interface Tally {
  acked: number;
  unavailable: number;
  withoutRetryAfter: number;
  otherFailures: string[];
  slowest: number;
  firstAckAfterRestart: number | null;
}

/**
 * One call of the burst: timed, its 503s counted (each must say Retry-After)
 * and tried again a moment later, anything else but a 2xx noted.
 */
async function call(
  tally: Tally,
  restartedAt: () => number | null,
  send: () => Promise<{ status: number; headers: Headers; text: string }>,
): Promise<boolean> {
  for (;;) {
    const started = performance.now();
    const response = await send().catch((error: Error) => ({
      status: 0,
      headers: new Headers(),
      text: error.message,
    }));
    tally.slowest = Math.max(tally.slowest, performance.now() - started);
    if (response.status === 200) {
      tally.acked++;
      const back = restartedAt();
      if (back !== null && tally.firstAckAfterRestart === null)
        tally.firstAckAfterRestart = performance.now() - back;
      return true;
    }
    if (response.status !== 503) {
      tally.otherFailures.push(`${response.status} ${response.text.slice(0, 200)}`);
      return false;
    }
    tally.unavailable++;
    if (!response.headers.get("retry-after")) tally.withoutRetryAfter++;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  postgres = await startPrivatePostgres();
  await postgres.createDatabase("eitheror");
  smtp = await startSmtpReceiver();
  server = await startServer({
    DATABASE_URL: postgres.url("eitheror"),
    SMTP_URL: smtp.url,
    AUTH_SECRET: randomBytes(32).toString("base64url"),
    // The whole burst comes from 127.0.0.1.
    SIGN_IN_LIMIT_PER_IP: "10000",
    VOTE_LIMIT_PER_IP: "100000",
  });
  await waitUntilReady(server);
}, 180_000);
afterAll(async () => {
  if (server) await killHard(server.child);
  await smtp?.close();
  await postgres?.remove();
});

describe("PostgreSQL restarted under a burst of votes and choices", () => {
  it("answers 503 with Retry-After meanwhile, then carries on with every acknowledged write and its streams", async () => {
    const members: Member[] = [];
    for (let i = 0; i < MEMBERS; i++)
      members.push(await signInRemote(server.baseUrl, smtp, `restart-${i}@example.test`));
    const { groupId, roundId } = await groupWithRound(members);
    const guests: TestClient[] = [];
    for (let i = 0; i < GUESTS; i++) {
      const guest = remoteClient(server.baseUrl);
      await guest.signInAnonymously();
      guests.push(guest);
    }
    const today =
      await guests[0]?.get<Data<{ globalDilemmaData: { id: string } }>>("/api/dilemmas/global");
    const dilemmaId = today?.body.data.globalDilemmaData.id ?? "";
    const eventsUrl = `${server.baseUrl}/api/groups/${groupId}/events`;
    const watcher = members[1] as Member;
    const before = await openEventStream(eventsUrl, { cookie: cookieOf(watcher) });
    expect(before.status).toBe(200);

    const tally: Tally = {
      acked: 0,
      unavailable: 0,
      withoutRetryAfter: 0,
      otherFailures: [],
      slowest: 0,
      firstAckAfterRestart: null,
    };
    let restartedAt: number | null = null;
    const lastTake = new Map<string, number>();
    const choices = new Map<TestClient, "A" | "B">();
    const votePath = `/api/groups/${groupId}/rounds/${roundId}/vote`;
    const pair = async (voter: Member, member: Member) => {
      for (let take = 0; take < TAKES; take++) {
        const body = {
          selectedFor: member.userId,
          optionSelected: take % 2 ? "B" : "A",
          comments: `take ${take}`,
        };
        if (
          !(await call(
            tally,
            () => restartedAt,
            () => voter.post(votePath, { body }),
          ))
        )
          return;
        lastTake.set(`${voter.userId}>${member.userId}`, take);
      }
    };
    const choose = async (guest: TestClient, i: number) => {
      // Spread over the burst, so some choices come while the database is away.
      await new Promise((resolve) => setTimeout(resolve, i * 150));
      const option = i % 2 ? "B" : "A";
      const path = `/api/dilemmas/global/${dilemmaId}/selection`;
      if (
        await call(
          tally,
          () => restartedAt,
          () => guest.post(path, { body: { option } }),
        )
      )
        choices.set(guest, option);
    };
    const burst = Promise.all([
      ...members.flatMap((voter) => members.map((member) => pair(voter, member))),
      ...guests.map(choose),
    ]);

    while (tally.acked < STOP_AFTER_ACKS) await new Promise((resolve) => setTimeout(resolve, 5));
    await postgres.stop();
    const stoppedAt = performance.now();
    await new Promise((resolve) => setTimeout(resolve, AWAY_MS));
    await postgres.start();
    restartedAt = performance.now();
    await burst;

    // Every acknowledged write is there.
    let lost = 0;
    for (const voter of members) {
      const current = await voter.get<Data<{ dilemmaData: CurrentRound }>>(
        `/api/groups/${groupId}/rounds/current`,
      );
      expect(current.status).toBe(200);
      const stored = new Map(
        current.body.data.dilemmaData.votes.map((vote) => [
          vote.selectedFor,
          Number(vote.comments?.replace("take ", "") ?? -1),
        ]),
      );
      for (const member of members) {
        const acked = lastTake.get(`${voter.userId}>${member.userId}`);
        if (acked !== undefined && (stored.get(member.userId) ?? -1) < acked) lost++;
      }
    }
    for (const [guest, option] of choices) {
      const read = await guest.get<
        Data<{ globalDilemmaSelection: { optionSelected: string } | null }>
      >(`/api/dilemmas/global/${dilemmaId}/selection`);
      if (read.body.data.globalDilemmaSelection?.optionSelected !== option) lost++;
    }

    // The stream open before was told to start over once the app listened again;
    // a new one hears what happens now.
    expect(await before.end(10_000)).toBe(true);
    const after = await openEventStream(eventsUrl, { cookie: cookieOf(watcher) });
    expect(after.status).toBe(200);
    const submitted = await (members[0] as Member).post(
      `/api/groups/${groupId}/rounds/${roundId}/submit-votes`,
    );
    expect(submitted.status).toBe(200);
    await expect.poll(() => after.raw, { timeout: 10_000 }).toContain("event: member-submitted");
    after.close();

    console.info(
      `database restart: ${tally.acked} writes acknowledged (${lastTake.size} vote pairs, ${choices.size} global choices), ${lost} lost; ` +
        `${tally.unavailable} answers 503 while it was away (${Math.round(restartedAt - stoppedAt)} ms), ` +
        `first write acknowledged ${Math.round(tally.firstAckAfterRestart ?? -1)} ms after it was back, slowest answer ${Math.round(tally.slowest)} ms; streams resumed`,
    );
    expect(tally.otherFailures).toEqual([]);
    expect(tally.unavailable).toBeGreaterThan(0);
    expect(tally.withoutRetryAfter).toBe(0);
    expect(tally.slowest).toBeLessThan(ANSWER_WITHIN_MS);
    expect(tally.firstAckAfterRestart).not.toBeNull();
    expect(lost).toBe(0);
  }, 300_000);
});
