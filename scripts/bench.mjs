// `npm run bench`: load on the global daily dilemma, the hottest path (everyone,
// every day). Starts the built server on a fresh PGlite folder (or on
// BENCH_DATABASE_URL), signs in USERS anonymous visitors, then measures with
// autocannon: reads of today's dilemma, and selections from all visitors switching
// between A and B. Checks that the counts are still exact after the load, and
// reports throughput, latency and the server's peak memory against the targets.
// Then the round's hot paths (scripts/bench-rounds.mjs): reading the current round
// and saving votes in a group of 20, reported beside them.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { inTurn, MEMBERS, setUpRound, voteFor, votesAreConsistent } from "./bench-rounds.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const PORT = Number(process.env.BENCH_PORT ?? 3400);
const base = `http://localhost:${PORT}`;
const USERS = 200;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 20;
// On this project's 2-core reference machine, with autocannon on the same cores.
// PGlite runs one query at a time inside the server process, and creating its
// folder on first start takes ~800 MB (a restart ~300 MB): its targets differ.
const targets = process.env.BENCH_DATABASE_URL
  ? { readRps: 2000, readP99Ms: 50, selectRps: 200, selectP99Ms: 250, peakRssMb: 400 }
  : { readRps: 500, readP99Ms: 100, selectRps: 100, selectP99Ms: 400, peakRssMb: 1100 };

const SMTP_PORT = PORT + 15;
const MAILBOX_URL = `http://127.0.0.1:${PORT + 16}`;
// A real SMTP catcher: group members sign in through their e-mailed links.
const mail = spawn("node", ["node_modules/tsx/dist/cli.mjs", "e2e/support/mail-server.ts"], {
  cwd: root,
  env: { ...process.env, SMTP_PORT: String(SMTP_PORT), MAILBOX_PORT: String(PORT + 16) },
  stdio: "inherit",
});

const dataDir = mkdtempSync(join(tmpdir(), "eitheror-bench-"));
const env = {
  ...process.env,
  APP_ENV: "test",
  PORT: String(PORT),
  PUBLIC_URL: base,
  DATA_DIR: dataDir,
  LOG_LEVEL: "error",
  SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
  MAIL_FROM: "eitheror bench <bench@eitheror.test>",
  // All the load comes from this one machine: the per-IP guest limit would stop it.
  SIGN_IN_LIMIT_PER_IP: "100000",
  ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
};
const server = spawn("node", ["apps/server/dist/server.js"], { cwd: root, env, stdio: "inherit" });

function peakRssMb() {
  const status = readFileSync(`/proc/${server.pid}/status`, "utf8");
  return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

async function waitUntilReady() {
  for (let attempt = 0; attempt < 480; attempt++) {
    try {
      if ((await fetch(`${base}/api/ready`)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("the server did not become ready");
}

/** An anonymous visitor: its cookies and the anti-forgery token. */
async function signInVisitor() {
  const first = await fetch(`${base}/api/health`);
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(first.headers.get("set-cookie") ?? "")?.[1];
  const response = await fetch(`${base}/api/auth/sign-in/anonymous`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      cookie: `XSRF-TOKEN=${xsrf}`,
      "x-xsrf-token": xsrf,
      origin: base,
    },
    body: "{}",
  });
  const session = response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
  return { cookie: `XSRF-TOKEN=${xsrf}; ${session}`, xsrf };
}

function run(options) {
  return new Promise((resolve, reject) => {
    autocannon({ duration: SECONDS, connections: CONNECTIONS, ...options }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

function line(name, result) {
  const errors = result.errors + result.non2xx;
  console.log(
    `${name.padEnd(10)} ${String(Math.round(result.requests.average)).padStart(6)} req/s   p50 ${result.latency.p50} ms   p99 ${result.latency.p99} ms   errors ${errors}`,
  );
  return errors;
}

try {
  await waitUntilReady();
  const visitors = [];
  for (let i = 0; i < USERS; i++) visitors.push(await signInVisitor());
  const today = await (await fetch(`${base}/api/dilemmas/global`)).json();
  const id = today.data.globalDilemmaData.id;

  console.log(`\n${USERS} visitors, ${CONNECTIONS} connections, ${SECONDS} s per scenario\n`);
  const read = await run({ url: `${base}/api/dilemmas/global` });
  let turn = 0;
  const select = await run({
    url: `${base}/api/dilemmas/global/${id}/selection`,
    requests: [
      {
        method: "POST",
        setupRequest: (request) => {
          const visitor = visitors[turn % USERS];
          const option = Math.floor(turn / USERS) % 2 === 0 ? "A" : "B";
          turn++;
          return {
            ...request,
            headers: {
              "content-type": "application/json",
              cookie: visitor.cookie,
              "x-xsrf-token": visitor.xsrf,
            },
            body: JSON.stringify({ option }),
          };
        },
      },
    ],
  });

  const after = (await (await fetch(`${base}/api/dilemmas/global`)).json()).data.globalDilemmaData;

  const round = await setUpRound(base, MAILBOX_URL);
  const roundPath = `${base}/api/groups/${round.groupId}/rounds`;
  const roundRead = await run({
    url: `${roundPath}/current`,
    requests: [inTurn(round.players, { method: "GET" })],
  });
  const vote = await run({
    url: `${roundPath}/${round.roundId}/vote`,
    requests: [inTurn(round.players, { method: "POST", body: voteFor(round.players) })],
  });

  console.log(`(the round: a group of ${MEMBERS}, every request from a member in turn)`);
  const errors =
    line("read", read) + line("select", select) + line("round", roundRead) + line("vote", vote);
  const rss = peakRssMb();
  console.log(`peak RSS   ${rss.toFixed(0)} MB`);
  console.log(
    `counts     A ${after.countA} + B ${after.countB} = ${after.countA + after.countB} (visitors: ${USERS})`,
  );

  const checks = [
    ["counts exact after the load", after.countA + after.countB === USERS],
    ["each member reads only their own votes, one per member", await votesAreConsistent(round)],
    ["no errors", errors === 0],
    [`read ≥ ${targets.readRps} req/s`, read.requests.average >= targets.readRps],
    [`read p99 ≤ ${targets.readP99Ms} ms`, read.latency.p99 <= targets.readP99Ms],
    [`select ≥ ${targets.selectRps} req/s`, select.requests.average >= targets.selectRps],
    [`select p99 ≤ ${targets.selectP99Ms} ms`, select.latency.p99 <= targets.selectP99Ms],
    [`peak RSS ≤ ${targets.peakRssMb} MB`, rss <= targets.peakRssMb],
  ];
  console.log("");
  for (const [name, ok] of checks) console.log(`${ok ? "✓" : "✗"} ${name}`);
  process.exitCode = checks.every(([, ok]) => ok) ? 0 : 1;
} finally {
  server.kill("SIGTERM");
  mail.kill("SIGTERM");
  await new Promise((resolve) => server.once("exit", resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
