// The real server in a child process with METRICS_PORT: after a little play,
// the metrics port answers every series docs/operations.md lists, with sane
// values and no user or id in a label; the app's own port does not serve them.
import type { CurrentRound } from "@eitheror/shared/rounds/schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { remoteClient } from "../test/app";
import { testDbKind } from "../test/db";
import {
  advanceClock,
  cookieOf,
  type Data,
  freshServerData,
  groupWithRound,
  type Member,
  openEventStream,
  parseMetrics,
  type Sample,
  samplesOf,
  signInRemote,
} from "../test/remote-game";
import {
  freePort,
  killHard,
  type ServerChild,
  startServer,
  waitUntilReady,
} from "../test/server-process";
import { type SmtpReceiver, startSmtpReceiver } from "../test/smtp-receiver";

const HOUR_MS = 60 * 60 * 1000;

let smtp: SmtpReceiver;
let server: ServerChild;
let metricsUrl: string;
const cleanups: (() => Promise<void> | void)[] = [];

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  const metricsPort = await freePort();
  metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
  server = await startServer({
    ...(await freshServerData(cleanups)),
    SMTP_URL: smtp.url,
    METRICS_PORT: String(metricsPort),
  });
  await waitUntilReady(server);
}, 180_000);

afterAll(async () => {
  if (server) await killHard(server.child);
  await smtp?.close().catch(() => {});
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const one = (samples: Sample[], name: string, labels: Record<string, string> = {}) => {
  const found = samplesOf(samples, name, labels);
  expect(found, `${name} ${JSON.stringify(labels)}`).toHaveLength(1);
  return (found[0] as Sample).value;
};

describe(`the metrics port (${testDbKind()})`, () => {
  it("shows the process, the requests by route and status, batches, streams, outbox, jobs and pool", async () => {
    const members: Member[] = [];
    for (const who of ["mia", "max"]) {
      members.push(await signInRemote(server.baseUrl, smtp, `${who}@example.test`));
    }
    const [mia, max] = members as [Member, Member];
    const { groupId, roundId } = await groupWithRound(members);
    const votePath = `/api/groups/${groupId}/rounds/${roundId}/vote`;
    await Promise.all(
      members.flatMap((voter) =>
        members.map((member) =>
          voter.post(votePath, { body: { selectedFor: member.userId, optionSelected: "A" } }),
        ),
      ),
    );
    const round = await mia.get<Data<{ dilemmaData: CurrentRound }>>(
      `/api/groups/${groupId}/rounds/current`,
    );
    expect(round.body.data.dilemmaData.votes).toHaveLength(2);
    const guest = remoteClient(server.baseUrl);
    await guest.signInAnonymously();
    const today =
      await guest.get<Data<{ globalDilemmaData: { id: string } }>>("/api/dilemmas/global");
    const dilemmaId = today.body.data.globalDilemmaData.id;
    await guest.post(`/api/dilemmas/global/${dilemmaId}/selection`, { body: { option: "B" } });
    const stream = await openEventStream(`${server.baseUrl}/api/groups/${groupId}/events`, {
      cookie: cookieOf(max),
    });
    expect(stream.status).toBe(200);
    // The mail server goes away; the reminders (a day before the due date) wait in the outbox.
    await smtp.close();
    await advanceClock(server.baseUrl, 25 * HOUR_MS);

    const scraped = await fetch(metricsUrl);
    expect(scraped.status).toBe(200);
    expect(scraped.headers.get("content-type")).toMatch(/^text\/plain/);
    const text = await scraped.text();
    const samples = parseMetrics(text);

    // prom-client's own: the process and Node.
    expect(one(samples, "process_resident_memory_bytes")).toBeGreaterThan(0);
    expect(one(samples, "process_cpu_user_seconds_total")).toBeGreaterThan(0);
    expect(one(samples, "nodejs_eventloop_lag_seconds")).toBeGreaterThanOrEqual(0);
    // Requests by the route they matched and their status, timed.
    const voteRoute = "/api/groups/:id/rounds/:roundId/vote";
    const votes = { method: "POST", route: voteRoute, status: "200" };
    expect(one(samples, "eitheror_http_request_duration_seconds_count", votes)).toBe(4);
    expect(one(samples, "eitheror_http_request_duration_seconds_sum", votes)).toBeGreaterThan(0);
    expect(
      one(samples, "eitheror_http_request_duration_seconds_bucket", { ...votes, le: "+Inf" }),
    ).toBe(4);
    const groupRead = { method: "GET", route: "/api/groups/:id", status: "200" };
    expect(one(samples, "eitheror_http_request_duration_seconds_count", groupRead)).toBe(1);
    // The group commits' batches: four votes in one to four statements.
    const voteBatches = one(samples, "eitheror_batch_size_count", { batcher: "votes" });
    expect(voteBatches).toBeGreaterThanOrEqual(1);
    expect(one(samples, "eitheror_batch_size_sum", { batcher: "votes" })).toBe(4);
    expect(one(samples, "eitheror_batch_size_sum", { batcher: "choices" })).toBe(1);
    expect(one(samples, "eitheror_live_streams")).toBe(1);
    // Two reminders queued (and perhaps a new round's mail in flight), none sent.
    expect(one(samples, "eitheror_outbox_pending")).toBeGreaterThanOrEqual(2);
    expect(one(samples, "eitheror_outbox_oldest_age_seconds")).toBeGreaterThanOrEqual(0);
    expect(one(samples, "eitheror_job_lag_seconds", { job: "round-reminders" })).toBe(0);
    // The sweep's backlog: the open round is not due yet.
    expect(one(samples, "eitheror_rounds_overdue")).toBe(0);
    if (testDbKind() === "postgres") {
      expect(one(samples, "eitheror_db_pool_connections", { state: "max" })).toBe(10);
      const open =
        one(samples, "eitheror_db_pool_connections", { state: "busy" }) +
        one(samples, "eitheror_db_pool_connections", { state: "idle" });
      expect(open).toBeGreaterThanOrEqual(1);
      expect(one(samples, "eitheror_db_pool_waiting")).toBe(0);
    }
    // Nobody's id, address or token in a label.
    for (const secret of [groupId, roundId, dilemmaId, mia.userId, max.userId, "@example.test"]) {
      expect(text).not.toContain(secret);
    }
    stream.close();

    // The app's own port never serves them.
    const own = await fetch(`${server.baseUrl}/metrics`);
    expect(own.status).toBe(404);
    expect(await own.text()).not.toContain("eitheror_http_request_duration_seconds");
  }, 180_000);
});
