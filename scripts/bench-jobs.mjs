// @ts-check
// Issue 41's background jobs at scale for `npm run bench`: DUE_GROUPS groups (100,000
// unless BENCH_DUE_GROUPS says) of two members each, DUE_GROUPS people each in two of
// them, every round started 6½ days ago and due in 12 hours, written straight into
// the database. Then, through the test clock (one call a job tick):
//   reminders  all 2 × DUE_GROUPS queued and sent (to an SMTP server that counts and
//              forgets), the app's memory meanwhile;
//   the sweep  the clock moves 13 hours: every round is due in the same minute; the
//              sweep closes them all (and starts their next rounds) while votes go on,
//              beside votes before it; the time until none is overdue.
import { startProcess, waitUntilReady } from "./bench-support.mjs";

export const DUE_GROUPS = Number(process.env.BENCH_DUE_GROUPS ?? 100_000);
/** Votes during the sweep against votes before it. */
export const JOBS_TARGETS = { votesDuringSweep: 0.7 };
const HOUR_MS = 60 * 60 * 1000;
/** A job tick: each call of the test clock moves it this much and runs what is due. */
const TICK_MS = 60 * 1000;

/**
 * The groups, people and rounds, in a few set-based statements.
 * @param {(text: string) => Promise<{ rows: any[] }>} query
 * @param {number} count
 */
export async function seedDueGroups(query, count) {
  const series = `generate_series(1, ${count}) g`;
  await query(`
    INSERT INTO users (id, name, email, email_verified, is_anonymous)
    SELECT 'due-' || g, 'Due player ' || g, 'due-' || g || '@bench.invalid', true, false FROM ${series}`);
  await query(`
    INSERT INTO groups (id, name, max_members, days_between_rounds, invite_code, admin_id)
    SELECT 'due-' || g, 'Due group ' || g, 10, 7, 'due-code-' || g, 'due-' || g FROM ${series}`);
  await query(`
    INSERT INTO group_members (group_id, user_id, joined_at)
    SELECT 'due-' || g, 'due-' || g, now() - interval '8 days' FROM ${series}
    UNION ALL
    SELECT 'due-' || g, 'due-' || (g % ${count} + 1), now() - interval '8 days' FROM ${series}`);
  await query(`
    INSERT INTO rounds (id, group_id, number, dilemma_id, started_at, due_date)
    SELECT 'due-' || g, 'due-' || g, 1, (SELECT id FROM dilemmas ORDER BY id LIMIT 1),
      now() - interval '156 hours', now() + interval '12 hours'
    FROM ${series}`);
  await query("VACUUM (ANALYZE) users, groups, group_members, rounds");
  await query("CHECKPOINT");
}

/**
 * scripts/bench-smtp-sink.mjs on `port` (its count on `port + 1`), ready.
 * @param {number} port
 */
export async function countingSmtp(port) {
  const sink = startProcess(["scripts/bench-smtp-sink.mjs"], {
    SINK_SMTP_PORT: String(port),
    SINK_HTTP_PORT: String(port + 1),
  });
  const countUrl = `http://127.0.0.1:${port + 1}/`;
  await waitUntilReady(countUrl, "the SMTP sink", sink.exited);
  return {
    received: async () => Number(await (await fetch(countUrl)).text()),
    close: () => sink.stop(),
  };
}

/**
 * One gauge's value from the app's metrics port.
 * @param {string} metricsUrl
 * @param {string} name
 */
async function gauge(metricsUrl, name) {
  const text = await (await fetch(metricsUrl)).text();
  const line = text.split("\n").find((l) => l.startsWith(`${name} `));
  return Number(line?.split(" ")[1] ?? Number.NaN);
}

/**
 * What the jobs phase is given by scripts/bench.mjs.
 * @typedef {object} JobsBench
 * @property {string} metricsUrl
 * @property {(ms: number, runJobs: boolean) => Promise<void>} moveClock the test clock
 * @property {() => Promise<import("./bench-support.mjs").Summary>} votes a round's votes, measured
 * @property {() => number} peakRssMb the app's peak memory so far
 * @property {{ received: () => Promise<number> }} smtp
 * @property {import("./bench-scale.mjs").Row[]} rows
 * @property {(name: string, ok: boolean, detail?: string) => void} check
 */

/**
 * Job ticks until `done()` or `limitMs`; answers the seconds taken, or NaN.
 * @param {JobsBench} bench
 * @param {() => Promise<boolean>} done
 * @param {number} limitMs
 */
async function ticksUntil(bench, done, limitMs) {
  const started = performance.now();
  while (performance.now() - started < limitMs) {
    await bench.moveClock(TICK_MS, true);
    if (await done()) return (performance.now() - started) / 1000;
  }
  return Number.NaN;
}

/**
 * Reminders, then the sweep (see the top of this file).
 * @param {JobsBench} bench
 */
export async function jobsPhase(bench) {
  const reminders = 2 * DUE_GROUPS;
  const limitMs = 30 * 60 * 1000;
  const sent = await ticksUntil(
    bench,
    async () => (await bench.smtp.received()) >= reminders,
    limitMs,
  );
  bench.check(
    `${reminders.toLocaleString("en-US")} reminders queued and sent`,
    Number.isFinite(sent),
    `${(await bench.smtp.received()).toLocaleString("en-US")} sent in ${sent.toFixed(0)} s; the app's peak memory ${bench.peakRssMb().toFixed(0)} MB`,
  );
  const before = await bench.votes();
  // Every round falls due at once; the sweep's first run starts with the move.
  const started = performance.now();
  const firstRun = bench.moveClock(13 * HOUR_MS, true);
  const during = await bench.votes();
  await firstRun;
  const overdue = () => gauge(bench.metricsUrl, "eitheror_rounds_overdue");
  const rest =
    (await overdue()) === 0
      ? 0
      : await ticksUntil(bench, async () => (await overdue()) === 0, limitMs);
  const seconds = (performance.now() - started) / 1000;
  bench.check(
    `${DUE_GROUPS.toLocaleString("en-US")} rounds due in the same minute, all closed by the sweep`,
    Number.isFinite(rest),
    `in ${seconds.toFixed(0)} s (${(DUE_GROUPS / seconds).toFixed(0)} a second), their next rounds started; the app's peak memory ${bench.peakRssMb().toFixed(0)} MB`,
  );
  bench.rows.push({
    path: `POST …/vote, while ${DUE_GROUPS.toLocaleString("en-US")} rounds close`,
    app: during,
    base: before,
    baseName: "before the sweep",
    target: JOBS_TARGETS.votesDuringSweep,
  });
}
