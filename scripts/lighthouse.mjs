// @ts-check
// `node scripts/lighthouse.mjs [url]`: Lighthouse on the landing page (or the URL given,
// with LIGHTHOUSE_COOKIE for a member's page and LIGHTHOUSE_PERFORMANCE its target), as a phone
// sees it (Lighthouse's default, mobile preset: a mid-range phone, simulated slow
// 4G and a 4× slower CPU), in the system's Chromium (CHROMIUM_PATH, else
// /usr/bin/chromium). It builds nothing: without a URL (argument or LIGHTHOUSE_URL)
// it starts the built server (`npm run build` first) on a free port with a fresh
// data folder. It runs LIGHTHOUSE_RUNS times (default 5), prints the median run's
// scores and metrics, and ends with one JSON line of the scores; it exits non-zero
// when performance is under 95 or accessibility under 100 (issue 16,
// docs/decisions/0022). LIGHTHOUSE_REPORT=<file.json> keeps the median run's
// full report (Lighthouse's report viewer opens it). `npm run bench` calls it
// with its own server's URL. It belongs to the bench, not the tests: a score is
// a timing, and timings swing on a shared machine.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import lighthouse from "lighthouse";
import puppeteer from "puppeteer-core";
import { freePort } from "./free-port.mjs";
import { waitFor } from "./wait-for.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
/**
 * The landing page's targets; a member's page (LIGHTHOUSE_COOKIE set, issue 41) may ask
 * for less performance with LIGHTHOUSE_PERFORMANCE: it waits for the session and its data.
 */
const TARGETS = {
  performance: Number(process.env.LIGHTHOUSE_PERFORMANCE ?? 95),
  accessibility: 100,
};
/** A member's session (a Cookie header's pairs), put in the browser's cookie jar before the runs. */
const COOKIE = process.env.LIGHTHOUSE_COOKIE;
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** @typedef {import("node:child_process").ChildProcess} ChildProcess */
/** @typedef {(() => Promise<void>)[]} Cleanups */
/** @typedef {import("lighthouse").Result} LighthouseResult */

/**
 * Ends a child process and waits until it has.
 * @param {ChildProcess} child
 */
async function stop(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

/**
 * Ends a child that leads its own process group, and waits until every process of the group has gone.
 * @param {ChildProcess} child
 */
async function stopGroup(child) {
  const { pid } = child;
  const gone = () => {
    if (pid === undefined) return true;
    try {
      process.kill(-pid, 0);
      return false;
    } catch {
      return true; // ESRCH: nobody left in the group
    }
  };
  if (pid !== undefined && !gone()) process.kill(-pid, "SIGTERM");
  await stop(child);
  for (let wait = 0; wait < 50 && !gone(); wait++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * The built server on a free port, in a fresh data folder.
 * @param {Cleanups} cleanups
 */
async function startServer(cleanups) {
  const port = await freePort();
  const base = `http://localhost:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), "eitheror-lighthouse-"));
  const server = spawn("node", ["apps/server/dist/server.js"], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      APP_ENV: "test",
      PORT: String(port),
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      LOG_LEVEL: "error",
    },
  });
  cleanups.push(async () => {
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  });
  await waitFor(`${base}/api/ready`, server, "the server");
  return base;
}

/**
 * Headless Chromium with a throwaway profile, for Lighthouse to drive over its debugging port.
 * @param {Cleanups} cleanups
 */
async function startChromium(cleanups) {
  const port = await freePort();
  const profile = mkdtempSync(join(tmpdir(), "eitheror-lighthouse-chromium-"));
  const chromium = spawn(
    CHROMIUM,
    [
      "--headless=new",
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
      "--no-first-run",
      "--no-default-browser-check",
      "--disable-dev-shm-usage",
      // Chromium refuses to run as root with its sandbox on.
      ...(process.getuid?.() === 0 ? ["--no-sandbox"] : []),
      "about:blank",
    ],
    // Its own process group, so that stopping it stops its helpers too.
    { stdio: "ignore", detached: true },
  );
  cleanups.push(async () => {
    // Its helper processes outlive it for a moment, writing to the profile.
    await stopGroup(chromium);
    rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  });
  await waitFor(`http://127.0.0.1:${port}/json/version`, chromium, "Chromium");
  return port;
}

/**
 * The member's cookies (LIGHTHOUSE_COOKIE) in Chromium's own jar, for the page's origin.
 * A Cookie header that Lighthouse adds to every request (its extraHeaders) is not
 * enough: the page's first answer sets a cookie (the anti-forgery token), and from
 * then on Chromium sends its jar in the header's place. The session was lost after
 * the first read, and every member's page was measured as a redirect to /sign-in.
 * @param {number} port
 * @param {string} url
 * @param {string} cookie
 */
async function signIn(port, url, cookie) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    const domain = new URL(url).hostname;
    const cookies = cookie.split(";").map((pair) => {
      const at = pair.indexOf("=");
      return {
        name: pair.slice(0, at).trim(),
        value: pair.slice(at + 1).trim(),
        domain,
        path: "/",
      };
    });
    await browser.setCookie(...cookies);
  } finally {
    await browser.disconnect();
  }
}

/**
 * Whether the audit ended where it began: a member's page that sends the browser to
 * /sign-in measured the sign-in screen, not the page.
 * @param {LighthouseResult} lhr
 */
const stayed = (lhr) =>
  new URL(lhr.finalDisplayedUrl).pathname === new URL(lhr.requestedUrl ?? "").pathname;

const score = (/** @type {{ score: number | null } | undefined} */ category) =>
  Math.round((category?.score ?? 0) * 100);
const metric = (/** @type {LighthouseResult} */ lhr, /** @type {string} */ id) =>
  lhr.audits[id]?.displayValue ?? "–";

/**
 * @param {string} url
 * @param {number} port
 */
async function audit(url, port) {
  const result = await lighthouse(url, {
    port,
    logLevel: "error",
    output: "json",
    onlyCategories: ["performance", "accessibility"],
  });
  if (!result) throw new Error("Lighthouse gave no result");
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
  if (COOKIE && !stayed(lhr)) throw new Error(`the page went to ${lhr.finalDisplayedUrl}`);
  return {
    lhr,
    // Lighthouse's own measure of the host's speed: its 4× slowdown assumes about 1,500–2,000.
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
    performance: score(lhr.categories.performance),
    accessibility: score(lhr.categories.accessibility),
    metrics: ["first-contentful-paint", "largest-contentful-paint", "total-blocking-time"]
      .concat(["cumulative-layout-shift", "speed-index"])
      .map((id) => `${lhr.audits[id]?.title ?? id} ${metric(lhr, id)}`),
    // What cost accessibility points, if anything did.
    failing: Object.values(lhr.audits)
      .filter(
        (a) => a.score === 0 && lhr.categories.accessibility?.auditRefs.some((r) => r.id === a.id),
      )
      .map((a) => a.title),
  };
}

/**
 * Lighthouse now and then fails to record a trace (NO_NAVSTART): such a run is run again, twice at most.
 * @template T
 * @param {() => Promise<T>} run
 * @returns {Promise<T>}
 */
async function withRetries(run) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt === 3) throw error;
      console.error(`${error instanceof Error ? error.message : error}: once more`);
    }
  }
}

/** @type {Cleanups} */
const cleanups = [];
let code = 1;
try {
  const given = process.argv[2] ?? process.env.LIGHTHOUSE_URL;
  // A URL given is audited as it is (a member's page, with LIGHTHOUSE_COOKIE); else `/`.
  const url = given ? new URL(given).href : new URL("/", await startServer(cleanups)).href;
  const port = await startChromium(cleanups);
  if (COOKIE) await signIn(port, url, COOKIE);
  // A server that has just started answers its first requests slowly (nothing compiled
  // or cached yet): visitors meet a warm one, so the page is asked for twice first.
  const headers = COOKIE ? { cookie: COOKIE } : undefined;
  for (let warm = 0; warm < 2; warm++) await (await fetch(url, { headers })).text();
  const runs = [];
  for (let run = 0; run < RUNS; run++) runs.push(await withRetries(() => audit(url, port)));
  runs.sort((a, b) => a.performance - b.performance);
  const median = runs[Math.floor(runs.length / 2)];
  if (!median) throw new Error("LIGHTHOUSE_RUNS must be 1 or more");
  const accessibility = Math.min(...runs.map((r) => r.accessibility));
  if (process.env.LIGHTHOUSE_REPORT)
    writeFileSync(process.env.LIGHTHOUSE_REPORT, JSON.stringify(median.lhr));
  console.log(`Lighthouse on ${url}, mobile preset, ${RUNS} runs (Chromium: ${CHROMIUM})`);
  console.log(`performance by run: ${runs.map((r) => r.performance).join(", ")}`);
  console.log(`the host's benchmark index by run: ${runs.map((r) => r.benchmarkIndex).join(", ")}`);
  console.log(`median run: ${median.metrics.join(", ")}`);
  for (const title of new Set(runs.flatMap((r) => r.failing)))
    console.log(`accessibility audit failed: ${title}`);
  const ok = median.performance >= TARGETS.performance && accessibility >= TARGETS.accessibility;
  console.log(
    `performance ${median.performance} (target ${TARGETS.performance}), accessibility ${accessibility} (target ${TARGETS.accessibility}): ${ok ? "met" : "MISSED"}`,
  );
  console.log(JSON.stringify({ performance: median.performance, accessibility }));
  code = ok ? 0 : 1;
} catch (error) {
  console.error(error);
} finally {
  // A folder left behind in the temporary directory is said, and changes no score.
  for (const cleanup of cleanups.reverse()) {
    try {
      await cleanup();
    } catch (error) {
      console.error(`cleaning up: ${error instanceof Error ? error.message : error}`);
    }
  }
}
process.exit(code);
