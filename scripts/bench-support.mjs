// @ts-check
// The parts of `npm run bench` (scripts/bench.mjs) that are not scenarios: the
// processes it starts and their memory, the load runs side by side, the anonymous
// visitors, and the rows it seeds straight into the database.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cpSync, readFileSync, rmSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import autocannon from "autocannon";
import pg from "pg";

/**
 * Where the bench's app keeps its data: a PostgreSQL database, or a PGlite folder.
 * @typedef {{ kind: "postgres"; url: string } | { kind: "pglite"; dataDir: string }} Target
 */
/** @typedef {(text: string) => Promise<{ rows: any[] }>} Query */
/** @typedef {import("autocannon").Options & { turns?: import("autocannon").Request[] }} LoadOptions */
/**
 * A scenario of `sideBySide`: the load it sends, and what runs beside each of its runs.
 * @typedef {{ options: () => LoadOptions; during?: () => () => void }} Scenario
 */
/** @typedef {ReturnType<typeof summarize>} Summary */

export const root = fileURLToPath(new URL("..", import.meta.url));

/**
 * `node args`, kept on the cores `cpus` names (a taskset list such as "1") if any (BENCH_PIN).
 * @param {string[]} args
 * @param {string | undefined} cpus
 * @returns {[command: string, args: string[]]}
 */
export function nodeCommand(args, cpus) {
  return cpus ? ["taskset", ["-c", cpus, "node", ...args]] : ["node", args];
}

/**
 * A child process of the bench: its peak memory, and a stop that waits for it.
 * @param {string[]} args
 * @param {Record<string, string | undefined>} env
 * @param {{ cpus?: string }} [options]
 */
export function startProcess(args, env, { cpus } = {}) {
  const child = spawn(...nodeCommand(args, cpus), {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: "inherit",
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const status = (/** @type {string} */ field) => {
    try {
      const text = readFileSync(`/proc/${child.pid}/status`, "utf8");
      return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(text)?.[1] ?? 0) / 1024;
    } catch {
      return Number.NaN; // not Linux, or gone
    }
  };
  return {
    exited,
    pid: child.pid ?? 0,
    /** The memory the process holds now (VmRSS), in MB. */
    rssMb: () => status("VmRSS"),
    /** The most memory the process has held so far (VmHWM), in MB. */
    peakRssMb: () => status("VmHWM"),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}

/**
 * Waits until `url` answers 200, for two minutes at most, unless `exited` settles first.
 * @param {string} url
 * @param {string} what
 * @param {Promise<unknown>} [exited]
 */
export async function waitUntilReady(url, what, exited) {
  let gone = false;
  exited?.then(() => {
    gone = true;
  });
  for (let attempt = 0; attempt < 1200 && !gone; attempt++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what} did not become ready`);
}

/**
 * A database of its own on the PostgreSQL server of `serverUrl` (any database on
 * it names the server), dropped again by `drop()`; with `template`, a copy of that
 * database (which nobody may be connected to).
 * @param {string} serverUrl
 * @param {string} [template]
 */
export async function createPostgresDatabase(serverUrl, template) {
  const name = `eitheror_bench_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ""}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/**
 * Whether a PostgreSQL server answers at `url` within a few seconds.
 * @param {string} url
 */
export async function postgresAnswers(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query("SELECT 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Runs `work(query)` on the app's database: PostgreSQL while the app runs, or the
 * PGlite folder while it is stopped (a folder is open in one process only).
 * @template T
 * @param {Target} target
 * @param {(query: Query) => Promise<T>} work
 * @returns {Promise<T>}
 */
export async function withDatabase(target, work) {
  if (target.kind === "postgres") {
    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    try {
      return await work((text) => client.query(text));
    } finally {
      await client.end();
    }
  }
  const pglite = await PGlite.create(target.dataDir);
  try {
    return await work((text) => pglite.query(text));
  } finally {
    await pglite.close();
  }
}

export const SEEDED_DILEMMA = "bench-past";

/**
 * Brings the stored selections of a past day's dilemma up to `total`, each by a
 * user row of its own, in a few set-based statements (a million takes seconds).
 * @param {Target} target
 * @param {number} total
 */
export async function seedSelections(target, total) {
  return withDatabase(target, async (query) => {
    await query(`
      INSERT INTO global_dilemmas (id, day, dilemma_id)
      SELECT '${SEEDED_DILEMMA}', (now() AT TIME ZONE 'UTC')::date - 1, id
      FROM dilemmas ORDER BY id LIMIT 1
      ON CONFLICT DO NOTHING`);
    const { rows } = await query(
      `SELECT count(*)::int AS n FROM global_selections WHERE global_dilemma_id = '${SEEDED_DILEMMA}'`,
    );
    const from = rows[0].n + 1;
    if (from > total) return;
    await query(`
      INSERT INTO users (id, name, email, email_verified, is_anonymous)
      SELECT 'bench-' || g, 'Bench visitor', 'bench-' || g || '@bench.invalid', false, false
      FROM generate_series(${from}, ${total}) g`);
    await query(`
      INSERT INTO global_selections (global_dilemma_id, user_id, option)
      SELECT '${SEEDED_DILEMMA}', 'bench-' || g, CASE WHEN g % 3 = 0 THEN 'B' ELSE 'A' END
      FROM generate_series(${from}, ${total}) g`);
    await query(`
      UPDATE global_dilemmas SET
        count_a = count_a + (SELECT count(*) FROM generate_series(${from}, ${total}) g WHERE g % 3 <> 0),
        count_b = count_b + (SELECT count(*) FROM generate_series(${from}, ${total}) g WHERE g % 3 = 0)
      WHERE id = '${SEEDED_DILEMMA}'`);
    // As after any bulk load: autovacuum would otherwise pick these tables up in the
    // middle of a measurement.
    await query("VACUUM (ANALYZE) users, global_selections");
    await query("CHECKPOINT");
  });
}

/**
 * A copy of the app's database as it is now (the app stopped, nothing connected to
 * it): a PostgreSQL database made from it as a template, or a copy of the PGlite
 * folder. `drop()` removes it.
 * @param {Target} target
 * @returns {Promise<{ target: Target; drop: () => Promise<void> }>}
 */
export async function copyOf(target) {
  if (target.kind === "postgres") {
    // The copy is made from another database of the server: the source must be idle.
    const server = new URL(target.url);
    const source = server.pathname.slice(1);
    server.pathname = "/postgres";
    const copy = await createPostgresDatabase(server.toString(), source);
    return { target: { kind: "postgres", url: copy.url }, drop: copy.drop };
  }
  const dataDir = `${target.dataDir}-copy`;
  cpSync(target.dataDir, dataDir, { recursive: true });
  return {
    target: { kind: "pglite", dataDir },
    drop: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

/**
 * An anonymous visitor: its cookies and the anti-forgery token.
 * @param {string} base
 */
export async function signInVisitor(base) {
  const first = await fetch(`${base}/api/health`);
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(first.headers.get("set-cookie") ?? "")?.[1] ?? "";
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
  if (!response.ok) throw new Error(`anonymous sign-in: ${response.status}`);
  const session = response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
  return { cookie: `XSRF-TOKEN=${xsrf}; ${session}`, xsrf };
}

export const CONNECTIONS = 20;

/**
 * One run of a scenario: CONNECTIONS autocannon instances of one connection each,
 * merged with autocannon.aggregateResult (latencies from their histograms). A
 * scenario's `turns` are its requests in turn order: connection c sends turns c,
 * c + CONNECTIONS, … and starts over, and autocannon builds each request once. With
 * a `setupRequest` it would build every request again as it sends it, on the cores
 * the servers share: the faster a server, the more of their time the generator took
 * (bench/history.md, run 6). Without `turns`, every connection sends the same request.
 * @param {LoadOptions} options
 * @param {number} seconds
 */
async function load({ turns, ...options }, seconds) {
  if (turns && turns.length % CONNECTIONS !== 0) {
    throw new Error(`${turns.length} turns do not share out over ${CONNECTIONS} connections`);
  }
  const mine = (/** @type {number} */ c) => turns?.filter((_, turn) => turn % CONNECTIONS === c);
  const results = await Promise.all(
    Array.from({ length: CONNECTIONS }, (_, c) =>
      autocannon({
        ...options,
        ...(turns && { requests: mine(c) }),
        connections: 1,
        duration: seconds,
        skipAggregateResult: true,
      }),
    ),
  );
  return autocannon.aggregateResult(results, { url: options.url, connections: CONNECTIONS });
}

/**
 * Several runs of one scenario as one: req/s over all, mean p50, worst p99.
 * @param {import("autocannon").Result[]} runs
 */
function summarize(runs) {
  const total = runs.reduce((sum, run) => sum + run.requests.total, 0);
  const seconds = runs.reduce((sum, run) => sum + run.duration, 0);
  return {
    rps: total / seconds,
    p50: runs.reduce((sum, run) => sum + run.latency.p50, 0) / runs.length,
    p99: Math.max(...runs.map((run) => run.latency.p99)),
    errors: runs.reduce((sum, run) => sum + run.errors + run.timeouts + run.non2xx, 0),
    /** req/s of each turn, in the order they ran. */
    turns: runs.map((run) => run.requests.total / run.duration),
  };
}

/**
 * Measures scenarios side by side: after a warm-up each, they take turns in
 * `slices` short runs, so a slow moment of the machine hits them alike.
 * A scenario's `during()` starts with each of its runs and returns its stop.
 * @template {Scenario[]} S
 * @param {[...S]} scenarios
 * @param {{ seconds: number; slices: number; warmup: number }} timing
 * @returns {Promise<{ [K in keyof S]: Summary }>}
 */
export async function sideBySide(scenarios, { seconds, slices, warmup }) {
  /** @type {import("autocannon").Result[][]} */
  const runs = scenarios.map(() => []);
  const run = async (/** @type {Scenario} */ scenario, /** @type {number} */ duration) => {
    const stop = scenario.during?.();
    try {
      return await load(scenario.options(), duration);
    } finally {
      stop?.();
    }
  };
  for (const scenario of scenarios) {
    if (warmup > 0) await run(scenario, warmup);
  }
  for (let slice = 0; slice < slices; slice++) {
    for (const [i, scenario] of scenarios.entries()) {
      runs[i]?.push(await run(scenario, seconds / slices));
    }
  }
  return /** @type {{ [K in keyof S]: Summary }} */ (runs.map(summarize));
}
