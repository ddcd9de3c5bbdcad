// @ts-check
// `npm test`: lint, typecheck, build, unit + server integration tests (Vitest),
// browser journeys (Playwright). Every step runs even after a failure, so one run
// shows everything; the last line sums up the tests of both runners.
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const reports = join(root, "test-results");
rmSync(join(reports, "vitest.json"), { force: true });
rmSync(join(reports, "playwright.json"), { force: true });
mkdirSync(reports, { recursive: true });

/** @typedef {[name: string, command: string, args: string[], env?: Record<string, string>]} Step */

/**
 * `npm run typecheck`'s projects, each a step of its own: `tsc -p` runs on one core,
 * and one after another they were the longest of the first stage.
 * @type {Step[]}
 */
const typecheck = JSON.parse(readFileSync(join(root, "package.json"), "utf8"))
  .scripts.typecheck.split("&&")
  .map((/** @type {string} */ command) => {
    const [tool = "", ...args] = command.trim().split(/\s+/);
    // As npm runs it, from node_modules/.bin, without npx's start-up for each.
    return [`typecheck ${args.at(-1)}`, join(root, "node_modules", ".bin", tool), args];
  });

/**
 * The steps, stage by stage. A stage's steps run side by side: the lint, the type
 * checks (one core each) and the build, none of which needs another, keep both
 * cores busy where one after another they left one idle for most of a minute (on
 * 2026-11-27's shared machine, 39–67 s one after another, 35–67 s together).
 * The tests need the build and both cores, so they run after, alone.
 * @type {Step[][]}
 */
const stages = [
  [["lint", "npm", ["run", "lint"]], ...typecheck, ["build", "npm", ["run", "build"]]],
  [
    [
      "unit + integration",
      "npx",
      [
        "vitest",
        "run",
        "--reporter=default",
        "--reporter=json",
        `--outputFile.json=${join(reports, "vitest.json")}`,
      ],
    ],
  ],
  [
    [
      "browser",
      "npx",
      ["playwright", "test", "-c", "e2e/playwright.config.ts"],
      { PLAYWRIGHT_JSON_OUTPUT_FILE: join(reports, "playwright.json") },
    ],
  ],
];

/**
 * Runs a step and answers whether it passed. Alone, it writes to the terminal as
 * it goes; beside others, its output is kept and printed whole when it ends, so
 * steps run together do not interleave their lines.
 * @param {Step} step
 * @param {boolean} alone
 * @returns {Promise<boolean>}
 */
function run([name, command, args, env], alone) {
  const title = `\n▶ ${name}: ${command} ${args.join(" ")}`;
  if (alone) console.log(title);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: alone ? "inherit" : ["ignore", "pipe", "pipe"],
      env: { ...process.env, ...env },
    });
    /** @type {Buffer[]} */
    const output = [];
    child.stdout?.on("data", (chunk) => output.push(chunk));
    child.stderr?.on("data", (chunk) => output.push(chunk));
    let ended = false;
    /** @param {boolean} passed @param {string} [error] */
    const end = (passed, error) => {
      if (ended) return; // a failed start may be followed by 'close'
      ended = true;
      if (!alone) {
        console.log(`${title}   (${Math.round((Date.now() - started) / 1000)} s)`);
        process.stdout.write(Buffer.concat(output));
      }
      if (error) console.error(error);
      resolve(passed);
    };
    child.on("error", (error) => end(false, `${name}: ${error.message}`));
    child.on("close", (status) => end(status === 0));
  });
}

/** @type {string[]} */
const failedSteps = [];
for (const stage of stages) {
  const passed = await Promise.all(stage.map((step) => run(step, stage.length === 1)));
  stage.forEach(([name], index) => {
    if (!passed[index]) failedSteps.push(name);
  });
}

/** @param {string} file */
function readJson(file) {
  try {
    return JSON.parse(readFileSync(join(reports, file), "utf8"));
  } catch {
    return null;
  }
}
const vitest = readJson("vitest.json");
const playwright = readJson("playwright.json");
const counts = {
  passed:
    (vitest?.numPassedTests ?? 0) +
    (playwright?.stats?.expected ?? 0) +
    (playwright?.stats?.flaky ?? 0),
  failed: (vitest?.numFailedTests ?? 0) + (playwright?.stats?.unexpected ?? 0),
  skipped:
    (vitest?.numPendingTests ?? 0) +
    (vitest?.numTodoTests ?? 0) +
    (playwright?.stats?.skipped ?? 0),
};

/**
 * The failed tests by name, so the last lines of a long run say what to look at.
 * @returns {string[]}
 */
function failedTests() {
  /** @type {string[]} */
  const names = [];
  for (const file of vitest?.testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      if (test.status === "failed") names.push(`${file.name.replace(root, "")} › ${test.fullName}`);
    }
  }
  /** @param {any} suite @param {string[]} path */
  const walk = (suite, path) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === "unexpected") {
          names.push(`${spec.file} › [${test.projectName}] ${[...path, spec.title].join(" › ")}`);
        }
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...path, child.title]);
  };
  for (const suite of playwright?.suites ?? []) walk(suite, []);
  return names;
}

console.log("\n── Summary ──");
for (const name of failedTests()) console.log(`✗ ${name}`);
console.log(
  `Vitest (unit + integration): ${vitest ? `${vitest.numPassedTests} passed, ${vitest.numFailedTests} failed` : "no report"}`,
);
console.log(
  `Playwright (browser): ${playwright ? `${playwright.stats.expected + playwright.stats.flaky} passed, ${playwright.stats.unexpected} failed` : "no report"}`,
);
console.log(failedSteps.length ? `Failed steps: ${failedSteps.join(", ")}` : "All steps passed.");
console.log(
  `${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ""}`,
);
process.exit(failedSteps.length || !vitest || !playwright ? 1 : 0);
