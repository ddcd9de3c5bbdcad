// `npm run cluster` as an operator starts it: two instances behind nginx on one
// PostgreSQL. The limits see each client's own address (the proxy's header, the
// proxy trusted); jobs run once whichever instances' clocks move; and an
// instance killed with SIGKILL leaves the other serving and the streams back on it.
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { request } from "node:http";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  advanceClock,
  cookieOf,
  freshServerData,
  groupWithRound,
  type Member,
  openEventStream,
  signInRemote,
} from "../test/remote-game";
import { freePort } from "../test/server-process";
import { type SmtpReceiver, startSmtpReceiver } from "../test/smtp-receiver";
import { XSRF_COOKIE, XSRF_HEADER } from "./plugins/security";

const HOUR_MS = 60 * 60 * 1000;
const script = fileURLToPath(new URL("../../../scripts/cluster.mjs", import.meta.url));
/** Sign-in links one address may ask for per hour: the members' two and two more. */
const LINKS_PER_IP = 4;

interface Started {
  proxy: string;
  instances: { port: number; metricsPort: number; pid: number }[];
}

let smtp: SmtpReceiver;
let cluster: ChildProcess;
let started: Started;
let output = "";
const cleanups: (() => Promise<void> | void)[] = [];

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  const proxyPort = await freePort();
  cluster = spawn(process.execPath, [script], {
    env: {
      ...process.env,
      ...(await freshServerData(cleanups)),
      CLUSTER_FROM_SOURCE: "1",
      CLUSTER_PORT: String(proxyPort),
      CLUSTER_APP_PORT: "0",
      APP_ENV: "test",
      LOG_LEVEL: "warn",
      SMTP_URL: smtp.url,
      SIGN_IN_LIMIT_PER_IP: String(LINKS_PER_IP),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  cluster.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  cluster.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  for (let waited = 0; !output.includes("eitheror cluster ready: "); waited += 100) {
    if (cluster.exitCode !== null || waited > 150_000) throw new Error(`no cluster:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  started = JSON.parse(output.split("eitheror cluster ready: ")[1]?.split("\n")[0] ?? "{}");
}, 180_000);

afterAll(async () => {
  if (cluster && cluster.exitCode === null) {
    const exited = once(cluster, "exit");
    cluster.kill("SIGTERM");
    await exited;
  }
  await smtp?.close();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Asks for a sign-in link through the proxy from `from`, an address of this machine's own. */
function askForLink(email: string, from: string): Promise<number> {
  const body = JSON.stringify({
    email,
    actionCodeSettings: { url: "/sign-in/link-router", handleCodeInApp: true },
  });
  return new Promise((resolve, reject) => {
    const url = new URL(
      "/api/sign-in/email-link/send",
      started.proxy.replace("localhost", "127.0.0.1"),
    );
    request(
      url,
      {
        method: "POST",
        localAddress: from,
        agent: false,
        headers: {
          "content-type": "application/json",
          cookie: `${XSRF_COOKIE}=pair`,
          [XSRF_HEADER]: "pair",
        },
      },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    )
      .on("error", reject)
      .end(body);
  });
}

const reminders = (to: string) =>
  smtp.mails.filter(
    (mail) => mail.to.includes(to) && mail.subject.startsWith("Your votes are due"),
  );

describe("two instances behind nginx (npm run cluster)", () => {
  it("counts limits by the client's address, runs jobs once, and survives an instance's SIGKILL", async () => {
    // PUBLIC_URL's origin: better-auth takes cookie POSTs from it only.
    const proxy = started.proxy;
    const [ann, ben] = [
      await signInRemote(proxy, smtp, "ann@example.test"),
      await signInRemote(proxy, smtp, "ben@example.test"),
    ] as [Member, Member];
    // This machine's 127.0.0.1 has used its links; 127.0.0.2, another client, has not.
    for (const n of [1, 2])
      expect(await askForLink(`extra-${n}@example.test`, "127.0.0.1")).toBe(200);
    expect(await askForLink("extra-3@example.test", "127.0.0.1")).toBe(429);
    expect(await askForLink("extra-4@example.test", "127.0.0.2")).toBe(200);

    const { groupId, roundId } = await groupWithRound([ann, ben], "Cluster club");
    const eventsUrl = `${proxy}/api/groups/${groupId}/events`;
    const before = await openEventStream(eventsUrl, { cookie: cookieOf(ben) });
    expect(before.status).toBe(200);
    const streamOn = before.headers.get("x-served-by");

    // Both instances' clocks move a day on: the reminders job runs once, not once each.
    for (const { port } of started.instances)
      await advanceClock(`http://127.0.0.1:${port}`, 25 * HOUR_MS);
    await expect.poll(() => reminders("ben@example.test").length, { timeout: 10_000 }).toBe(1);
    await expect.poll(() => reminders("ann@example.test").length, { timeout: 10_000 }).toBe(1);

    // The instance holding Ben's stream dies at once.
    const victim = started.instances.find(({ port }) => streamOn === `127.0.0.1:${port}`);
    const survivor = started.instances.find((instance) => instance !== victim);
    if (!victim || !survivor) throw new Error(`stream served by ${streamOn}`);
    const killedAt = performance.now();
    process.kill(victim.pid, "SIGKILL");
    expect(await before.end(10_000)).toBe(true);
    const streamEndedMs = performance.now() - killedAt;
    // Ben's page reconnects: the proxy sends it to the one left.
    const after = await openEventStream(eventsUrl, { cookie: cookieOf(ben) });
    expect(after.status).toBe(200);
    const streamBackMs = performance.now() - killedAt;
    expect(after.headers.get("x-served-by")).toBe(`127.0.0.1:${survivor.port}`);
    // Ann plays on through the proxy, every call answered.
    const votePath = `/api/groups/${groupId}/rounds/${roundId}/vote`;
    for (const member of [ann, ben]) {
      const vote = await ann.post(votePath, {
        body: { selectedFor: member.userId, optionSelected: "A" },
      });
      expect(vote.status).toBe(200);
    }
    const submitted = await ann.post(`/api/groups/${groupId}/rounds/${roundId}/submit-votes`);
    expect(submitted.status).toBe(200);
    const playedOnMs = performance.now() - killedAt;
    await expect.poll(() => after.raw, { timeout: 10_000 }).toContain("event: member-submitted");
    const heardMs = performance.now() - killedAt;
    after.close();
    console.info(
      `instance killed (SIGKILL): its stream ended ${Math.round(streamEndedMs)} ms after, back on the other ${Math.round(streamBackMs)} ms after; ` +
        `3 writes through the proxy all 200 by ${Math.round(playedOnMs)} ms, the submit heard on the new stream by ${Math.round(heardMs)} ms`,
    );

    // Another hour on the survivor: no reminder goes twice.
    await advanceClock(`http://127.0.0.1:${survivor.port}`, HOUR_MS);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(reminders("ben@example.test")).toHaveLength(1);
    expect(reminders("ann@example.test")).toHaveLength(1);
    expect(output).toContain("exited (SIGKILL); the others go on");
  }, 240_000);
});
