// The real server in a child process, stopped with SIGTERM in the middle of a
// burst of choices, as an orchestrator or `npm run cluster` stops an instance:
// readiness turns 503 first while requests are still served, then the streams
// end with a reconnect hint, no new connection is taken, the batched writes
// are written, and the process exits 0 with nothing acknowledged lost.

import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { remoteClient, type TestClient } from "../test/app";
import { testDbKind } from "../test/db";
import {
  cookieOf,
  type Data,
  freshServerData,
  groupWithRound,
  type Member,
  openEventStream,
  signInRemote,
} from "../test/remote-game";
import { killHard, type ServerChild, startServer, waitUntilReady } from "../test/server-process";
import { type SmtpReceiver, startSmtpReceiver } from "../test/smtp-receiver";

const GUESTS = 30;
/** How long readiness says 503 before the server stops taking requests. */
const DELAY_MS = 1500;

let smtp: SmtpReceiver;
let env: Record<string, string>;
const servers: ServerChild[] = [];
const cleanups: (() => Promise<void> | void)[] = [];

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  env = {
    ...(await freshServerData(cleanups)),
    SMTP_URL: smtp.url,
    AUTH_SECRET: randomBytes(32).toString("base64url"),
    SHUTDOWN_DELAY_MS: String(DELAY_MS),
    SIGN_IN_LIMIT_PER_IP: "10000",
  };
});
afterAll(async () => {
  for (const server of servers.splice(0)) await killHard(server.child);
  await smtp?.close();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function start(port?: number) {
  const server = await startServer(env, port);
  servers.push(server);
  await waitUntilReady(server);
  return server;
}

describe(`SIGTERM (${testDbKind()})`, () => {
  it("turns readiness 503 first, ends streams with retry:, writes its batches, and exits 0", async () => {
    const first = await start();
    const members: Member[] = [];
    for (const who of ["sig", "term"]) {
      members.push(await signInRemote(first.baseUrl, smtp, `${who}@example.test`));
    }
    const { groupId } = await groupWithRound(members);
    const stream = await openEventStream(`${first.baseUrl}/api/groups/${groupId}/events`, {
      cookie: cookieOf(members[1] as Member),
    });
    expect(stream.status).toBe(200);
    const guests: TestClient[] = [];
    for (let i = 0; i < GUESTS; i++) {
      const guest = remoteClient(first.baseUrl);
      await guest.signInAnonymously();
      guests.push(guest);
    }
    const today =
      await guests[0]?.get<Data<{ globalDilemmaData: { id: string } }>>("/api/dilemmas/global");
    const selection = `/api/dilemmas/global/${today?.body.data.globalDilemmaData.id}/selection`;

    // Choices go on, one guest after another, through the stop.
    const acked = new Map<TestClient, "A" | "B">();
    let acks = 0;
    const failures: string[] = [];
    const burst = (async () => {
      for (let round = 0; round < 40; round++) {
        const sent = guests.map(async (guest, i) => {
          const option = (round + i) % 2 ? "B" : "A";
          const answer = await guest.post(selection, { body: { option } }).catch(() => null);
          if (answer?.status === 200) {
            acked.set(guest, option);
            acks++;
          } else if (answer) failures.push(`${answer.status} ${answer.text}`);
          return answer;
        });
        // Once the server is gone (connection refused), the burst is over.
        if ((await Promise.all(sent)).every((answer) => answer === null)) return;
      }
    })();
    while (acked.size < GUESTS) await new Promise((resolve) => setTimeout(resolve, 10));

    const exited = once(first.child, "exit");
    const termAt = performance.now();
    const acksBefore = acks;
    first.child.kill("SIGTERM");
    // Readiness first; everything else still served meanwhile.
    await expect.poll(first.ready, { timeout: DELAY_MS, interval: 20 }).toBe(503);
    const notReadyMs = performance.now() - termAt;
    expect((await fetch(`${first.baseUrl}/api/health`)).status).toBe(200);
    const read = await (members[0] as Member).get(`/api/groups/${groupId}`);
    expect(read.status).toBe(200);
    expect(stream.ended).toBe(false);
    // Then the streams end, each told when to come back.
    expect(await stream.end(DELAY_MS + 5000)).toBe(true);
    expect(stream.raw).toMatch(/\nretry: \d+\n\n$/);
    const streamEndedMs = performance.now() - termAt;
    const [code, signal] = await exited;
    const exitedMs = performance.now() - termAt;
    expect({ code, signal }, first.output()).toEqual({ code: 0, signal: null });
    await expect(fetch(`${first.baseUrl}/api/health`)).rejects.toThrow();
    await burst;
    expect(failures).toEqual([]);
    expect(acked.size).toBe(GUESTS);

    // Started again on the same data: every acknowledged choice is there.
    const second = await start(first.port);
    let lost = 0;
    for (const [guest, option] of acked) {
      const answer =
        await guest.get<Data<{ globalDilemmaSelection: { optionSelected: string } | null }>>(
          selection,
        );
      if (answer.body.data.globalDilemmaSelection?.optionSelected !== option) lost++;
    }
    console.info(
      `SIGTERM: readiness 503 within ${Math.round(notReadyMs)} ms, the stream ended with retry: at ${Math.round(streamEndedMs)} ms, exit ${code} at ${Math.round(exitedMs)} ms; ` +
        `${acks} choices acknowledged (${acks - acksBefore} after SIGTERM), ${acked.size} guests' last read back, ${lost} lost, ${failures.length} other answers`,
    );
    expect(second.port).toBe(first.port);
    expect(lost).toBe(0);
  }, 300_000);
});
