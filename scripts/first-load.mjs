// @ts-check
// `npm run build && node scripts/first-load.mjs`: what a new visitor on a slow
// phone waits for. Starts the built server on a free port (fresh data folder,
// APP_ENV=test), then opens `/` RUNS times in a cold browser on a throttled
// phone link (1.6 Mbps down, 750 kbps up, 150 ms latency, 390×844) and reports
// the JavaScript bytes on the wire, when the page first paints anything, when
// today's question is painted, and the layout shift (CLS) until things settle.
// The median run is the figure to compare (docs/decisions/0011-first-load.md).
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
// playwright-core comes with the e2e workspace's @playwright/test.
import { chromium } from "playwright-core";
import { freePort } from "./free-port.mjs";
import { waitFor } from "./wait-for.mjs";

/** @typedef {{ insertedMs: number | null; framesMs: number | null; lcpMs: number | null; cls: number }} Marks */
/** @typedef {Window & { __firstLoad?: Marks }} WatchedWindow */
/** @typedef {PerformanceEntry & { element?: Element | null }} LargestContentfulPaint */
/** @typedef {PerformanceEntry & { hadRecentInput: boolean; value: number }} LayoutShift */
/** @typedef {{ jsBytes: number; allBytes: number; fcpMs: number; questionMs: number; cls: number }} Figures */
/** @typedef {Figures & { byLcp: boolean; requests: string[] }} Run */

const root = fileURLToPath(new URL("..", import.meta.url));
const RUNS = Number(process.env.RUNS ?? 5);
const SETTLE_MS = 3000;
const NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: 1.6e6 / 8,
  uploadThroughput: 750e3 / 8,
};

/**
 * Runs in the page before any of its own code. The question's paint time is the
 * largest-contentful-paint entry of the element holding it when the browser
 * reports one (a real paint timestamp); else two animation frames after its
 * text entered the document, and never before the first contentful paint.
 * Layout shifts the visitor did not cause add up to CLS.
 * @param {string} question
 */
function watchPage(question) {
  /** @type {Marks} */
  const marks = { insertedMs: null, framesMs: null, lcpMs: null, cls: 0 };
  /** @type {WatchedWindow} */
  const watched = window;
  watched.__firstLoad = marks;
  const holdsQuestion = (/** @type {Node} */ node) => node.textContent?.includes(question);
  const found = () => {
    if (marks.insertedMs !== null) return;
    marks.insertedMs = performance.now();
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        marks.framesMs = performance.now();
      }),
    );
  };
  new MutationObserver((records) => {
    if (marks.insertedMs !== null) return;
    for (const record of records)
      for (const node of record.addedNodes) if (holdsQuestion(node)) return found();
  }).observe(document, { childList: true, subtree: true });
  new PerformanceObserver((list) => {
    for (const entry of /** @type {LargestContentfulPaint[]} */ (list.getEntries())) {
      const text = entry.element?.textContent ?? "";
      if (marks.lcpMs === null && text.includes(question) && text.length < question.length * 2)
        marks.lcpMs = entry.startTime;
    }
  }).observe({ type: "largest-contentful-paint", buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of /** @type {LayoutShift[]} */ (list.getEntries()))
      if (!entry.hadRecentInput) marks.cls += entry.value;
  }).observe({ type: "layout-shift", buffered: true });
}

/**
 * @param {import("playwright-core").Browser} browser
 * @param {string} base
 * @param {string} question
 */
async function measure(browser, base, question) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", NETWORK);
  /** @type {Map<string, string>} */
  const types = new Map();
  /** @type {string[]} */
  const requests = [];
  let jsBytes = 0;
  let allBytes = 0;
  cdp.on("Network.responseReceived", ({ requestId, type, response }) => {
    types.set(requestId, type);
    requests.push(`${response.status} ${new URL(response.url).pathname}`);
  });
  cdp.on("Network.loadingFinished", ({ requestId, encodedDataLength }) => {
    allBytes += encodedDataLength;
    if (types.get(requestId) === "Script") jsBytes += encodedDataLength;
  });
  await page.addInitScript(watchPage, question);

  await page.goto(base);
  // Polled from here: waitForFunction compiles its predicate in the page, which the CSP forbids.
  for (
    let waited = 0;
    !(await page.evaluate(() => {
      /** @type {WatchedWindow} */
      const watched = window;
      return (watched.__firstLoad?.framesMs ?? 0) > 0;
    }));
    waited += 100
  ) {
    if (waited > 60_000) throw new Error("the question never showed");
    await page.waitForTimeout(100);
  }
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(SETTLE_MS);
  const result = await page.evaluate(() => {
    /** @type {WatchedWindow} */
    const watched = window;
    const { framesMs, lcpMs, cls } = /** @type {Marks} */ (watched.__firstLoad);
    const fcpMs = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? 0;
    const questionMs = lcpMs ?? Math.max(framesMs ?? 0, fcpMs);
    return { fcpMs, cls, questionMs, byLcp: lcpMs !== null };
  });
  await context.close();
  return { ...result, jsBytes, allBytes, requests };
}

const median = (/** @type {number[]} */ values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

const port = await freePort();
const base = `http://localhost:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), "eitheror-first-load-"));
const server = spawn("node", ["apps/server/dist/server.js"], {
  cwd: root,
  stdio: "inherit",
  env: {
    ...process.env,
    APP_ENV: "test",
    PORT: String(port),
    PUBLIC_URL: base,
    DATA_DIR: dataDir,
    LOG_LEVEL: "error",
    SIGN_IN_LIMIT_PER_IP: "100000",
  },
});
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
});
try {
  await waitFor(`${base}/api/ready`, server, "the server");
  const today = /** @type {{ data: { globalDilemmaData: { dilemma: string } } }} */ (
    await (await fetch(`${base}/api/dilemmas/global`)).json()
  );
  const question = today.data.globalDilemmaData.dilemma;

  /** @type {Run[]} */
  const runs = [];
  for (let run = 0; run < RUNS; run++) runs.push(await measure(browser, base, question));

  const kb = (/** @type {number} */ bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  const ms = (/** @type {number} */ value) => `${Math.round(value)} ms`;
  const row = (/** @type {string} */ label, /** @type {Figures} */ r) =>
    [
      label.padEnd(7),
      kb(r.jsBytes).padStart(9),
      kb(r.allBytes).padStart(11),
      ms(r.fcpMs).padStart(13),
      ms(r.questionMs).padStart(18),
      r.cls.toFixed(3).padStart(7),
    ].join("");
  console.log(
    `\nFirst load of / on a throttled phone (1.6 Mbps, 150 ms, 390×844), ${RUNS} cold runs`,
  );
  console.log(`requests of the first run: ${runs[0]?.requests.join(", ")}`);
  const byLcp = runs.filter((r) => r.byLcp).length;
  console.log(
    `question paint from its largest-contentful-paint entry in ${byLcp} of ${RUNS} runs\n`,
  );
  console.log("run     JS bytes  all bytes  first paint  question painted    CLS");
  for (const [i, r] of runs.entries()) console.log(row(String(i + 1), r));
  /** @type {(keyof Figures)[]} */
  const figures = ["jsBytes", "allBytes", "fcpMs", "questionMs", "cls"];
  const middle = /** @type {Figures} */ (
    Object.fromEntries(figures.map((key) => [key, median(runs.map((r) => r[key]))]))
  );
  console.log(row("median", middle));
} finally {
  await browser.close();
  server.kill("SIGTERM");
  await new Promise((resolve) =>
    server.exitCode !== null ? resolve(null) : server.once("exit", resolve),
  );
  rmSync(dataDir, { recursive: true, force: true });
}
