// @ts-check
// `npm run bench`: the hot paths, each measured next to a bare baseline the bench
// starts itself (scripts/bench-baseline.mjs), on PostgreSQL and on PGlite, in one
// run: absolute figures swing with the machine, ratios measured side by side do not.
//
//   GET  /api/dilemmas/global            vs a bare Fastify route with the same JSON body
//        (today's dilemma and yesterday's final split, as the landing page reads them)
//   GET  …/selection (the visitor's choice and streak, 200 visitors) vs the same bare route
//   POST …/selection (distinct visitors) vs a bare route doing one hot-row UPDATE (pg/PGlite)
//   the same with 1,000,000 stored selections vs with 10,000 (nothing may count rows):
//        two apps side by side, the second on a copy of the database taken before seeding
//   GET  …/rounds/current (20 members)   vs the bare JSON route
//   POST …/rounds/:id/vote               vs a bare route doing one keyed INSERT
//
// A baseline gets the very requests its scenario sends (the same headers and body,
// built the same way per request), so the load generator, on the same cores, does
// the same work for both sides and the ratio is the servers' difference alone.
//
// It checks the counts after the load (each visitor's last acknowledged choice is the
// one stored, and the split is theirs), that round votes stay their voters', the first
// start's peak memory on an empty PGlite folder, and each target of issue 16; it exits
// non-zero when one is missed. Then, if scripts/lighthouse.mjs exists, it runs it
// against the app (`node scripts/lighthouse.mjs <url>`; it prints its scores, may end
// with one JSON line of them, and exits non-zero when it misses its targets).
//
// Settings: BENCH_SECONDS (per scenario, default 6), BENCH_SLICES (turns each
// scenario and its baseline take, default 4), BENCH_WARMUP (seconds, default 1),
// BENCH_ENGINES (default "postgres,pglite"), BENCH_DATABASE_URL (a PostgreSQL server
// the bench may create a database on; default postgres://postgres@127.0.0.1:5432/postgres;
// it creates eitheror_bench_<random> there and drops it at the end), BENCH_PORT,
// BENCH_ONLY (some of read, select, round, scale, jobs, many, lighthouse), BENCH_SERVER (another
// build's server.js, to measure a "before"), BENCH_NODE_FLAGS (Node's flags for the
// app and the baseline, space-separated: "--cpu-prof --cpu-prof-dir=/tmp/prof"
// profiles both under the bench's load, in the same turns; bench/history.md tells how
// the profiles were read), BENCH_PIN=1 (the app and the baseline on the last core,
// this process, which generates the load, on the others: the scheduler then never
// puts the generator and a server on one core for a while, which swung a turn's
// ratio by ±0.2. For comparing two builds, not for one run's verdict: the machine's
// own speed still moves; bench/history.md, run 10).
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { countingSmtp, DUE_GROUPS, jobsPhase, seedDueGroups } from "./bench-jobs.mjs";
import { inTurn, MEMBERS, setUpRound, voteFor, votesAreConsistent } from "./bench-rounds.mjs";
import { cpuMsOf, groupSizePhase, historyPhase, streamsPhase } from "./bench-scale.mjs";
import {
  CONNECTIONS,
  copyOf,
  createPostgresDatabase,
  nodeCommand,
  postgresAnswers,
  root,
  SEEDED_DILEMMA,
  seedSelections,
  sideBySide,
  signInVisitor,
  startProcess,
  waitUntilReady,
  withDatabase,
} from "./bench-support.mjs";

/** @typedef {import("./bench-support.mjs").Target} Target */
/** @typedef {import("./bench-support.mjs").Summary} Summary */
/** @typedef {import("./bench-support.mjs").Scenario & { name: string }} Scenario */
/** @typedef {Awaited<ReturnType<typeof signInVisitor>>} Visitor */
/**
 * Each visitor's last acknowledged choice; in `sent`, one sent and not answered yet.
 * @typedef {Map<number, string> & { sent: Map<number, string> }} Acknowledged
 */
/** @typedef {{ path: string; app: Summary; base: Summary; baseName: string; target?: number }} Row */
/**
 * A row with its verdict (`judge`).
 * @typedef {Row & { ratio: number; turns: number[]; target: number | null; ok: boolean; note?: string }} JudgedRow
 */
/** @typedef {{ name: string; ok: boolean; detail?: string }} Check */
/**
 * @typedef {object} Results
 * @property {Target["kind"]} kind
 * @property {Row[]} rows
 * @property {Check[]} checks
 * @property {{ peakMb: number; readyMs: number }} firstStart
 * @property {number} peakUnderLoadMb
 */
/**
 * What every phase of one engine's bench works with.
 * @typedef {object} Context
 * @property {Results} results
 * @property {(name: string, ok: boolean, detail?: string) => void} check
 * @property {string} id
 * @property {Visitor[]} visitors
 * @property {Acknowledged} acknowledged
 * @property {Scenario} select
 * @property {Awaited<ReturnType<typeof setUpRound>>} [round] the round phase's group, for the member pages' Lighthouse
 */

const PORT = Number(process.env.BENCH_PORT ?? 3400);
const base = `http://127.0.0.1:${PORT}`;
const BASELINE_PORT = PORT + 1;
/** The second app of the million-selection phase, on a copy holding 10,000. */
const FEW_PORT = PORT + 2;
const baselineBase = `http://127.0.0.1:${BASELINE_PORT}`;
const SMTP_PORT = PORT + 15;
const MAILBOX_URL = `http://127.0.0.1:${PORT + 16}`;
const timing = {
  seconds: Number(process.env.BENCH_SECONDS ?? 6),
  slices: Number(process.env.BENCH_SLICES ?? 4),
  warmup: Number(process.env.BENCH_WARMUP ?? 1),
};
const VISITORS = 200;
const FEW = 10_000;
const MANY = 1_000_000;
const ENGINES = (process.env.BENCH_ENGINES ?? "postgres,pglite").split(",").map((e) => e.trim());
const POSTGRES_SERVER =
  process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const HOUR_MS = 60 * 60 * 1000;

const PATHS = {
  read: "GET /api/dilemmas/global, with yesterday",
  streak: "GET …/selection, with the streak",
  select: "POST …/selection, 10k stored",
  many: "POST …/selection, 1M stored",
  round: `GET …/rounds/current, ${MEMBERS} members`,
  vote: "POST …/rounds/:id/vote",
};

/** Issue 16's targets: ratios to the baseline measured in the same run. */
const TARGETS = {
  read: 0.7,
  readP99: (/** @type {number} */ base) => 2 * base + 5,
  selectVsHot: 3, // PostgreSQL
  manyVsFew: 0.8,
  roundRead: 0.25,
  streakRead: 0.25,
  vote: 0.6,
  pgliteVsPostgres: 0.5,
  firstStartMb: 400, // PGlite, empty DATA_DIR
};

const appEnv = (/** @type {Target} */ target, /** @type {number} */ port) => ({
  APP_ENV: "test",
  PORT: String(port),
  HOST: "127.0.0.1",
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  LOG_LEVEL: "error",
  // Fixed, so sessions outlive the restarts between the phases.
  AUTH_SECRET: "bench-secret-bench-secret-bench-secret-0123",
  SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
  MAIL_FROM: "eitheror bench <bench@eitheror.test>",
  // All the load comes from this one machine: per-IP limits would stop it.
  SIGN_IN_LIMIT_PER_IP: "1000000",
  VOTE_LIMIT_PER_IP: "100000000",
  ...(target.kind === "postgres" ? { DATABASE_URL: target.url } : { DATA_DIR: target.dataDir }),
});

/** The built server; BENCH_SERVER names another build (an older one, for a "before"). */
const SERVER = process.env.BENCH_SERVER ?? "apps/server/dist/server.js";
/** Node's flags for the app and the baseline (a profiler, say); none by default. */
const NODE_FLAGS = process.env.BENCH_NODE_FLAGS?.split(" ").filter(Boolean) ?? [];

/**
 * BENCH_PIN=1: the cores of the servers and of the load generator (this process); else none.
 * @type {{ servers?: string; generator?: string; all?: string }}
 */
const CORES = (() => {
  if (process.env.BENCH_PIN !== "1") return {};
  const last = availableParallelism() - 1;
  if (last < 1) throw new Error("BENCH_PIN needs two cores or more");
  return { servers: String(last), generator: `0-${last - 1}`, all: `0-${last}` };
})();

/** Keeps this process, whose main thread generates the load, on the generator's cores. */
function pinGenerator() {
  if (!CORES.generator) return;
  const pinned = spawnSync("taskset", ["-a", "-cp", CORES.generator, String(process.pid)]);
  if (pinned.status !== 0) throw new Error("BENCH_PIN needs taskset (util-linux)");
}

/**
 * The built app on `target`; a second one (its database a copy) on another port.
 * @param {Target} target
 * @param {number} [port]
 * @param {Record<string, string>} [env] more of its environment
 */
async function startApp(target, port = PORT, env = {}) {
  const app = startProcess(
    [...NODE_FLAGS, SERVER],
    { ...appEnv(target, port), ...env },
    {
      cpus: CORES.servers,
    },
  );
  const started = Date.now();
  await waitUntilReady(`http://127.0.0.1:${port}/api/ready`, "the app", app.exited);
  return { ...app, readyMs: Date.now() - started };
}

/**
 * The baseline beside the app on `target`, answering `json` as its bare JSON.
 * @param {Target} target
 * @param {string} json
 */
async function startBaseline(target, json) {
  const baselineDir = target.kind === "pglite" ? mkdtempSync(join(tmpdir(), "bench-base-")) : null;
  const baseline = startProcess(
    [...NODE_FLAGS, "scripts/bench-baseline.mjs"],
    {
      BASELINE_PORT: String(BASELINE_PORT),
      BASELINE_JSON: json,
      ...(target.kind === "postgres"
        ? { BASELINE_DATABASE_URL: target.url }
        : { BASELINE_DATA_DIR: baselineDir ?? undefined }),
    },
    { cpus: CORES.servers },
  );
  await waitUntilReady(`${baselineBase}/ready`, "the baseline", baseline.exited);
  return {
    async stop() {
      await baseline.stop();
      if (baselineDir) rmSync(baselineDir, { recursive: true, force: true });
    },
  };
}

/**
 * Selections from all visitors in turn, each switching between A and B; the last
 * acknowledged choice of each visitor is kept, to check the stored ones against.
 * The same requests go to the baseline (`url`), with a list of their own.
 * @param {string} id
 * @param {Visitor[]} visitors
 * @param {Acknowledged} acknowledged
 * @returns {Scenario}
 */
function selections(
  id,
  visitors,
  acknowledged,
  url = `${base}/api/dilemmas/global/${id}/selection`,
) {
  /** @type {(import("autocannon").Request & { visitor: number; option: string })[]} */
  const turns = [];
  for (let turn = 0; turn < 2 * visitors.length; turn++) {
    const visitor = turn % visitors.length;
    const option = turn < visitors.length ? "A" : "B";
    const { cookie, xsrf } = /** @type {Visitor} */ (visitors[visitor]);
    turns.push({
      visitor,
      option,
      method: "POST",
      headers: {
        "content-type": "application/json",
        cookie,
        "x-xsrf-token": xsrf,
        "x-request-id": `bench-${visitor}-${option}`,
      },
      body: JSON.stringify({ option }),
      onResponse: (status) => {
        if (status === 200) acknowledged.set(visitor, option);
        acknowledged.sent.delete(visitor);
        // Its connection sends that connection's next turn at once (sent, maybe unanswered).
        const next = /** @type {(typeof turns)[number]} */ (
          turns[(turn + CONNECTIONS) % turns.length]
        );
        acknowledged.sent.set(next.visitor, next.option);
      },
    });
  }
  return {
    name: "select",
    options: () => {
      // Each connection starts with its first turn.
      for (const first of turns.slice(0, CONNECTIONS)) {
        acknowledged.sent.set(first.visitor, first.option);
      }
      return { url, turns };
    },
  };
}

/**
 * After the load: each visitor's stored choice is its last acknowledged one, and the split is the sum.
 * @param {string} id
 * @param {Visitor[]} visitors
 * @param {Acknowledged} acknowledged
 */
async function countsAreExact(id, visitors, acknowledged) {
  let a = 0;
  let b = 0;
  let lost = 0;
  /** @type {{ countA: number; countB: number }} */
  let counts = { countA: Number.NaN, countB: Number.NaN };
  for (const [i, visitor] of visitors.entries()) {
    const response = await fetch(`${base}/api/dilemmas/global/${id}/selection`, {
      headers: { cookie: visitor.cookie },
    });
    const { data } = await response.json();
    const stored = data.globalDilemmaSelection?.optionSelected ?? null;
    // A choice still on its way when a run ended may have been stored, unanswered.
    const allowed = [acknowledged.get(i) ?? null, acknowledged.sent.get(i)];
    if (!allowed.includes(stored)) lost++;
    if (stored === "A") a++;
    if (stored === "B") b++;
    counts = data.globalDilemmaData;
  }
  const exact = counts.countA === a && counts.countB === b;
  return { kept: lost === 0, exact, lost, stored: { a, b }, ...counts };
}

/**
 * @param {Visitor} visitor
 * @param {number} ms
 * @param {boolean} [runJobs] and runs the jobs due then (the answer waits for them)
 */
async function advanceClock(visitor, ms, runJobs = false) {
  // node:http, not fetch: a run of the jobs may take longer than fetch waits for an answer.
  const body = JSON.stringify({ advanceMs: ms, runJobs });
  const status = await new Promise((resolve, reject) => {
    const call = request(
      `${base}/api/test/clock`,
      {
        method: "POST",
        headers: {
          "content-type": "application/json",
          cookie: visitor.cookie,
          "x-xsrf-token": visitor.xsrf,
          origin: base,
        },
      },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode));
      },
    );
    call.on("error", reject);
    call.end(body);
  });
  if (status !== 200) throw new Error(`test clock: ${status}`);
}

/**
 * A person may save 600 votes an hour (decision 0018): while votes are measured, the
 * app's clock moves an hour on every half second, so the members never run out.
 * Answers the stop.
 * @param {Visitor} visitor
 */
function moveTheClock(visitor) {
  const move = () => advanceClock(visitor, HOUR_MS + 1000).catch(() => {});
  move();
  const tick = setInterval(move, 500);
  return () => clearInterval(tick);
}

/**
 * @template {Scenario[]} S
 * @param {[...S]} scenarios
 */
const measure = (scenarios) => sideBySide(scenarios, timing);

/**
 * Today's dilemma read by everyone, beside the bare JSON route. As a visitor's page
 * reads it: with the anti-forgery cookie the page itself came with.
 * @param {Context} context
 */
async function readPhase({ results, visitors }) {
  const page = { cookie: `XSRF-TOKEN=${visitors[0]?.xsrf}` };
  const [bareJson, read] = await measure([
    { name: "bare JSON", options: () => ({ url: `${baselineBase}/json`, headers: page }) },
    { name: "read", options: () => ({ url: `${base}/api/dilemmas/global`, headers: page }) },
  ]);
  results.rows.push({ path: PATHS.read, app: read, base: bareJson, baseName: "bare JSON" });
}

/**
 * Each visitor's own read of today's choice and streak, in turn, beside the bare JSON route.
 * @param {Context} context
 */
async function streakPhase({ results, id, visitors }) {
  const eachVisitor = (/** @type {string} */ url) => ({
    url,
    turns: visitors.map((visitor) => ({ method: "GET", headers: { cookie: visitor.cookie } })),
  });
  const [bareJson, streak] = await measure([
    { name: "bare JSON", options: () => eachVisitor(`${baselineBase}/json`) },
    { name: "streak", options: () => eachVisitor(`${base}/api/dilemmas/global/${id}/selection`) },
  ]);
  results.rows.push({ path: PATHS.streak, app: streak, base: bareJson, baseName: "bare JSON" });
}

/**
 * Choices from all visitors, beside the naive hot-row UPDATE; then the counts.
 * @param {Context} context
 */
async function selectPhase({ results, check, id, visitors, acknowledged, select }) {
  /** @type {Acknowledged} */
  const ignored = Object.assign(new Map(), { sent: new Map() });
  const [hot, selected] = await measure([
    { ...selections(id, visitors, ignored, `${baselineBase}/hot`), name: "hot row" },
    select,
  ]);
  results.rows.push({ path: PATHS.select, app: selected, base: hot, baseName: "hot-row UPDATE" });
  const after = await countsAreExact(id, visitors, acknowledged);
  check(
    `every acknowledged choice stored, counts exact (${FEW.toLocaleString("en-US")} stored)`,
    after.kept && after.exact,
    `counts A ${after.countA} B ${after.countB}, stored A ${after.stored.a} B ${after.stored.b}, ${after.lost} not as acknowledged`,
  );
}

/**
 * A round of MEMBERS players: its read beside the bare JSON route, its vote beside a keyed INSERT.
 * @param {Context} context
 */
async function roundPhase(context) {
  const { results, check, visitors } = context;
  const round = await setUpRound(base, MAILBOX_URL);
  context.round = round;
  const roundPath = `${base}/api/groups/${round.groupId}/rounds`;
  const [bareJson, roundRead] = await measure([
    {
      name: "bare JSON",
      options: () => ({
        url: `${baselineBase}/json`,
        turns: inTurn(round.players, { method: "GET" }),
      }),
    },
    {
      name: "round",
      options: () => ({
        url: `${roundPath}/current`,
        turns: inTurn(round.players, { method: "GET" }),
      }),
    },
  ]);
  results.rows.push({ path: PATHS.round, app: roundRead, base: bareJson, baseName: "bare JSON" });
  const votes = inTurn(round.players, voteFor(round.players));
  const [insert, vote] = await measure([
    { name: "insert", options: () => ({ url: `${baselineBase}/insert`, turns: votes }) },
    {
      name: "vote",
      during: () => moveTheClock(/** @type {Visitor} */ (visitors[0])),
      options: () => ({
        url: `${roundPath}/${round.roundId}/vote`,
        turns: votes,
      }),
    },
  ]);
  results.rows.push({ path: PATHS.vote, app: vote, base: insert, baseName: "keyed INSERT" });
  check("each member reads only their own votes, one per member", await votesAreConsistent(round));
}

/**
 * The same visitors choose again with a million stored selections (the app restarted
 * on them), beside a second app on a copy of the database taken before the seeding
 * (10,000 stored), in turns: a slow moment of the machine hits both.
 * @param {Context} context
 * @param {number} fewPort
 */
async function manyPhase({ results, check, id, visitors, acknowledged, select }, fewPort) {
  /** @type {Acknowledged} */
  const ignored = Object.assign(new Map(), { sent: new Map() });
  const fewUrl = `http://127.0.0.1:${fewPort}/api/dilemmas/global/${id}/selection`;
  const [few, many] = await measure([
    { ...selections(id, visitors, ignored, fewUrl), name: "10k stored" },
    select,
  ]);
  results.rows.push({ path: PATHS.many, app: many, base: few, baseName: "10k stored" });
  const after = await countsAreExact(id, visitors, acknowledged);
  check(
    `every acknowledged choice stored, counts exact (${MANY.toLocaleString("en-US")} stored)`,
    after.kept && after.exact,
    `counts A ${after.countA} B ${after.countB}, stored A ${after.stored.a} B ${after.stored.b}, ${after.lost} not as acknowledged`,
  );
  const past = await fetch(`${base}/api/dilemmas/global/${SEEDED_DILEMMA}/selection`, {
    headers: { cookie: visitors[0]?.cookie ?? "" },
  });
  const seeded = (await past.json()).data.globalDilemmaData;
  check("the seeded day holds 1,000,000 choices", seeded.countA + seeded.countB === MANY);
}

const ONLY = process.env.BENCH_ONLY?.split(",").map((phase) => phase.trim());
const runs = (/** @type {string} */ phase) => !ONLY || ONLY.includes(phase);

const started = Date.now();
const progress = (/** @type {string} */ what) =>
  console.log(`  ${String(Math.round((Date.now() - started) / 1000)).padStart(4)} s  ${what}`);

/**
 * The first start on an empty database: its peak memory, and how long until ready.
 * @param {Target} target
 */
async function firstStartOf(target) {
  const app = await startApp(target);
  const firstStart = { peakMb: app.peakRssMb(), readyMs: app.readyMs };
  await app.stop();
  return firstStart;
}

/** VISITORS anonymous visitors, signed in one after another. */
async function signInVisitors() {
  /** @type {Visitor[]} */
  const visitors = [];
  for (let i = 0; i < VISITORS; i++) visitors.push(await signInVisitor(base));
  return visitors;
}

/**
 * The app on `target` from an empty database to the million-selection mark.
 * @param {Target} target
 */
async function benchEngine(target) {
  /** @type {Results} */
  const results = {
    kind: target.kind,
    rows: [],
    checks: [],
    firstStart: await firstStartOf(target),
    peakUnderLoadMb: Number.NaN,
  };
  /** @type {Context["check"]} */
  const check = (name, ok, detail = "") => void results.checks.push({ name, ok, detail });

  // Yesterday's dilemma with its choosers: the restart's first read rolls that day up.
  await seedSelections(target, FEW);
  let app = await startApp(target);
  // Today's answer as every visitor now reads it, yesterday's final split in it: the baseline's body.
  const json = await (await fetch(`${base}/api/dilemmas/global`)).text();
  const rolledUp = JSON.parse(json).data.yesterdayData;
  check(
    "yesterday rolled up once, its split frozen",
    rolledUp?.id === SEEDED_DILEMMA && rolledUp.countA + rolledUp.countB === FEW,
  );
  const baseline = await startBaseline(target, json);
  try {
    const visitors = await signInVisitors();
    const { id } = JSON.parse(json).data.globalDilemmaData;
    /** @type {Acknowledged} */
    const acknowledged = Object.assign(new Map(), { sent: new Map() });
    const select = selections(id, visitors, acknowledged);
    /** @type {Context} */
    const context = { results, check, id, visitors, acknowledged, select };
    progress("ready, visitors signed in");
    if (runs("read")) {
      await readPhase(context);
      await streakPhase(context);
    }
    if (runs("select")) await selectPhase(context);
    progress("today's dilemma done");
    if (runs("round")) await roundPhase(context);
    progress("the round done");
    if (runs("scale")) await scalePhases(context, app);
    results.peakUnderLoadMb = app.peakRssMb();
    if (runs("jobs")) app = await jobsPhases(context, target, app);
    if (runs("many")) {
      // Nothing may hold the database while it is copied.
      await app.stop();
      await baseline.stop();
      const few = await copyOf(target);
      try {
        await seedSelections(target, MANY);
        app = await startApp(target);
        const fewApp = await startApp(few.target, FEW_PORT);
        progress("1,000,000 selections stored, beside a copy with 10,000");
        try {
          await manyPhase(context, FEW_PORT);
        } finally {
          await fewApp.stop();
        }
      } finally {
        await few.drop();
      }
      results.peakUnderLoadMb = Math.max(results.peakUnderLoadMb, app.peakRssMb());
    }
    if (target.kind === "pglite" && runs("lighthouse")) await lighthousePhase(context);
    progress("done");
  } finally {
    await app.stop();
    await baseline.stop();
  }
  return results;
}

/**
 * Issue 41's scaling rows (scripts/bench-scale.mjs): group size, history, live streams.
 * @param {Context} context
 * @param {ReturnType<typeof startProcess>} app
 */
async function scalePhases({ results, check, visitors }, app) {
  /** @type {import("./bench-scale.mjs").Bench} */
  const bench = {
    base,
    mailboxUrl: MAILBOX_URL,
    measure: (scenarios) => measure(/** @type {Scenario[]} */ (scenarios)),
    rows: /** @type {any[]} */ (results.rows),
    check,
    clockMover: () => moveTheClock(/** @type {Visitor} */ (visitors[0])),
    advanceClock: (ms) => advanceClock(/** @type {Visitor} */ (visitors[0]), ms),
    appRssMb: app.rssMb,
    appCpuMs: () => cpuMsOf(app.pid),
  };
  const sized = await groupSizePhase(bench);
  progress("100 members beside 10 done");
  const history = await historyPhase(bench);
  progress("100 rounds beside 2 done");
  await streamsPhase(bench, [history.few, sized.large, history.many]);
  progress("5,000 streams done");
}

/**
 * Issue 41's jobs at scale (scripts/bench-jobs.mjs): the app restarted on DUE_GROUPS
 * groups seeded beside what is there, its mail to a counting SMTP server, its
 * metrics on a port; answers the app restarted as before.
 * @param {Context} context
 * @param {Target} target
 * @param {Awaited<ReturnType<typeof startApp>>} app
 */
async function jobsPhases(context, target, app) {
  const round = context.round ?? (await setUpRound(base, MAILBOX_URL));
  context.round = round;
  await app.stop();
  await withDatabase(target, (query) => seedDueGroups(query, DUE_GROUPS));
  progress(`${DUE_GROUPS.toLocaleString("en-US")} groups with rounds due stored`);
  const smtp = await countingSmtp(PORT + 17);
  const metricsPort = PORT + 19;
  const seeded = await startApp(target, PORT, {
    SMTP_URL: `smtp://127.0.0.1:${PORT + 17}`,
    METRICS_PORT: String(metricsPort),
  });
  const clockMover = /** @type {Visitor} */ (context.visitors[0]);
  const votes = inTurn(round.players, voteFor(round.players));
  const voteScenario = {
    name: "vote",
    during: () => moveTheClock(clockMover),
    options: () => ({
      url: `${base}/api/groups/${round.groupId}/rounds/${round.roundId}/vote`,
      turns: votes,
    }),
  };
  try {
    await jobsPhase({
      metricsUrl: `http://127.0.0.1:${metricsPort}/metrics`,
      moveClock: (ms, runJobs) => advanceClock(clockMover, ms, runJobs),
      votes: async () => /** @type {Summary} */ ((await measure([voteScenario]))[0]),
      peakRssMb: seeded.peakRssMb,
      smtp,
      rows: /** @type {any[]} */ (context.results.rows),
      check: context.check,
    });
  } finally {
    await seeded.stop();
    await smtp.close();
  }
  progress("jobs at scale done");
  return startApp(target);
}

/**
 * Lighthouse on `/`, then on a member's pages when the round phase ran.
 * @param {Context} context
 */
async function lighthousePhase({ results, check, round }) {
  await lighthouse(results);
  if (!round) return;
  try {
    await lighthouseMemberPages(results, round);
  } catch (error) {
    check("Lighthouse on a member's pages", false, String(error));
  }
}

/** A member's pages (issue 41): performance at least this, accessibility 100. */
const MEMBER_PAGE_PERFORMANCE = 90;

/**
 * Lighthouse on a member's pages: the group page of the round phase's 20 members with
 * a round open, and the round they closed (every member submits: the next one opens).
 * @param {Results} results
 * @param {Awaited<ReturnType<typeof setUpRound>>} round
 */
async function lighthouseMemberPages(results, { players, groupId, roundId }) {
  for (const player of players) {
    await player.call("POST", `/api/groups/${groupId}/rounds/${roundId}/submit-votes`);
  }
  const [member] = players;
  if (!member) return;
  const env = {
    LIGHTHOUSE_COOKIE: member.headers(false).cookie,
    LIGHTHOUSE_PERFORMANCE: String(MEMBER_PAGE_PERFORMANCE),
  };
  await lighthouse(results, `/group/${groupId}`, "a group page, 20 members, a round open", env);
  await lighthouse(results, `/group/${groupId}/archived-round/${roundId}`, "a closed round", env);
}

/**
 * scripts/lighthouse.mjs, when there is one (the landing page's own targets, or a
 * member's page's with `env`).
 * @param {Results} results
 * @param {string} [path]
 * @param {string} [what]
 * @param {Record<string, string>} [env]
 */
async function lighthouse(results, path = "/", what = path, env = {}) {
  const script = join(root, "scripts/lighthouse.mjs");
  if (!existsSync(script)) return;
  const url = `${base}${path}`;
  // Chromium gets every core, as it would unpinned.
  // LIGHTHOUSE_REPORT=<file.json> keeps each page's median report: `/` in that file, a
  // member's page beside it with the page's kind in its name (…-group.json, …-archived-round.json).
  const report = process.env.LIGHTHOUSE_REPORT;
  const kind = path
    .split("/")
    .filter((part, i) => i % 2 === 1 && part)
    .join("-");
  const reportEnv =
    report && kind ? { LIGHTHOUSE_REPORT: report.replace(/(\.json)?$/, `-${kind}.json`) } : {};
  const child = spawn(...nodeCommand([script, url], CORES.all), {
    cwd: root,
    env: { ...process.env, ...env, ...reportEnv, LIGHTHOUSE_URL: url },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => {
    output += chunk;
    process.stdout.write(chunk);
  });
  const code = await new Promise((resolve) => child.once("exit", resolve));
  let scores = "";
  try {
    const last = output.trim().split("\n").at(-1) ?? "";
    scores = Object.entries(JSON.parse(last))
      .map(([name, value]) => `${name} ${value}`)
      .join(", ");
  } catch {}
  results.checks.push({
    name: `Lighthouse on ${what} (scripts/lighthouse.mjs)`,
    ok: code === 0,
    detail: scores,
  });
}

const fmt = (/** @type {number} */ n) =>
  Number.isFinite(n) ? Math.round(n).toLocaleString("en-US") : "–";
const ms = (/** @type {number} */ n) => (Number.isFinite(n) ? `${Math.round(n * 10) / 10}` : "–");

/**
 * Each row's ratio to its baseline, against its target.
 * @param {Results} results
 * @param {Results | undefined} postgres
 */
function judge(results, postgres) {
  const { kind, rows } = results;
  const targetOf = {
    [PATHS.read]: TARGETS.read,
    [PATHS.select]: kind === "postgres" ? TARGETS.selectVsHot : null,
    [PATHS.many]: TARGETS.manyVsFew,
    [PATHS.round]: TARGETS.roundRead,
    [PATHS.streak]: TARGETS.streakRead,
    [PATHS.vote]: TARGETS.vote,
  };
  for (const row of /** @type {JudgedRow[]} */ (rows)) {
    row.ratio = row.app.rps / row.base.rps;
    // How far the turns' own ratios strayed: the machine's swing, beside the verdict.
    const turnRatios = row.app.turns.map((rps, turn) => rps / (row.base.turns[turn] ?? Number.NaN));
    row.turns = [Math.min(...turnRatios), Math.max(...turnRatios)];
    row.target = row.target ?? targetOf[row.path] ?? null;
    row.ok = row.target === null || row.ratio >= row.target;
    if (row.path === PATHS.read) {
      const limit = TARGETS.readP99(row.base.p99);
      row.ok = row.ok && row.app.p99 <= limit;
      row.note = `p99 ≤ ${ms(limit)} ms`;
    }
    if (row.app.errors > 0) row.ok = false;
  }
  if (kind === "pglite" && postgres) {
    for (const path of [PATHS.select, PATHS.vote]) {
      const mine = rows.find((row) => row.path === path);
      const theirs = postgres.rows.find((row) => row.path === path);
      if (!mine || !theirs) continue;
      const ratio = mine.app.rps / theirs.app.rps;
      results.checks.push({
        name: `${path}: PGlite ≥ ${TARGETS.pgliteVsPostgres}× PostgreSQL`,
        ok: ratio >= TARGETS.pgliteVsPostgres,
        detail: `${(Math.floor(ratio * 100) / 100).toFixed(2)}×`,
      });
    }
  }
  if (kind === "pglite") {
    results.checks.push({
      name: `first start on an empty folder ≤ ${TARGETS.firstStartMb} MB`,
      ok: results.firstStart.peakMb <= TARGETS.firstStartMb,
      detail: `${fmt(results.firstStart.peakMb)} MB`,
    });
  }
  results.checks.push({
    name: "no errors",
    ok: rows.every((row) => row.app.errors === 0 && row.base.errors === 0),
  });
}

/** @param {Results[]} all */
function printTable(all) {
  const lines = [
    "| engine | path | req/s | p50 / p99 ms | baseline | req/s | p50 / p99 ms | ratio | turns | target | |",
    "|---|---|--:|--:|---|--:|--:|--:|--:|---|---|",
  ];
  for (const { kind, rows } of all) {
    for (const row of /** @type {JudgedRow[]} */ (rows)) {
      lines.push(
        `| ${kind} | ${row.path} | ${fmt(row.app.rps)} | ${ms(row.app.p50)} / ${ms(row.app.p99)} | ${row.baseName} | ${fmt(row.base.rps)} | ${ms(row.base.p50)} / ${ms(row.base.p99)} | ${(Math.floor(row.ratio * 100) / 100).toFixed(2)}× | ${row.turns.map((r) => r.toFixed(2)).join("–")} | ${row.target === null ? "–" : `≥ ${Number(row.target.toFixed(2))}×`}${row.note ? `, ${row.note}` : ""} | ${row.ok ? "✓" : "✗"} |`,
      );
    }
  }
  lines.push(
    "",
    "| engine | first start: peak RSS, ready after | peak RSS under load |",
    "|---|--:|--:|",
  );
  for (const { kind, firstStart, peakUnderLoadMb } of all) {
    lines.push(
      `| ${kind} | ${fmt(firstStart.peakMb)} MB, ${ms(firstStart.readyMs / 1000)} s | ${fmt(peakUnderLoadMb)} MB |`,
    );
  }
  console.log(`\n${lines.join("\n")}\n`);
}

async function main() {
  pinGenerator();
  // A real SMTP catcher: group members sign in through their e-mailed links.
  const mail = startProcess(["node_modules/tsx/dist/cli.mjs", "e2e/support/mail-server.ts"], {
    SMTP_PORT: String(SMTP_PORT),
    MAILBOX_PORT: String(PORT + 16),
  });
  /** @type {Results[]} */
  const all = [];
  /** @type {string[]} */
  const missing = [];
  try {
    console.log(
      `${VISITORS} visitors, ${CONNECTIONS} connections; per scenario ${timing.seconds} s in ${timing.slices} turns beside its baseline, after ${timing.warmup} s warm-up`,
    );
    for (const kind of ENGINES) {
      /** @type {Target} */
      let target;
      let drop = async () => {};
      if (kind === "postgres") {
        if (!(await postgresAnswers(POSTGRES_SERVER))) {
          missing.push(`PostgreSQL at ${POSTGRES_SERVER} does not answer (set BENCH_DATABASE_URL)`);
          continue;
        }
        const database = await createPostgresDatabase(POSTGRES_SERVER);
        target = { kind, url: database.url };
        drop = database.drop;
      } else {
        const dataDir = mkdtempSync(join(tmpdir(), "eitheror-bench-"));
        target = { kind: "pglite", dataDir };
        drop = async () => rmSync(dataDir, { recursive: true, force: true });
      }
      console.log(`\n— ${kind}`);
      try {
        all.push(await benchEngine(target));
      } finally {
        await drop();
      }
    }
  } finally {
    await mail.stop();
  }
  const postgres = all.find((results) => results.kind === "postgres");
  for (const results of all) judge(results, postgres);
  printTable(all);
  for (const { kind, checks } of all) {
    for (const { name, ok, detail } of checks) {
      console.log(`${ok ? "✓" : "✗"} ${kind}: ${name}${detail ? ` (${detail})` : ""}`);
    }
  }
  for (const reason of missing) console.log(`✗ ${reason}`);
  const passed =
    missing.length === 0 &&
    all.every(
      ({ rows, checks }) =>
        /** @type {JudgedRow[]} */ (rows).every((row) => row.ok) && checks.every((c) => c.ok),
    );
  process.exitCode = passed ? 0 : 1;
}

await main();
