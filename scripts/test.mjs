// @ts-check
// `npm test`: lint, typecheck, build, unit + server integration tests (Vitest),
// browser journeys (Playwright). Every step runs even after a failure, so one run
// shows everything; the last line sums up the tests of both runners.
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const reports = join(root, "test-results");
rmSync(join(reports, "vitest.json"), { force: true });
rmSync(join(reports, "playwright.json"), { force: true });
mkdirSync(reports, { recursive: true });

/** @type {[name: string, command: string, args: string[], env?: Record<string, string>][]} */
const steps = [
  ["lint", "npm", ["run", "lint"]],
  ["typecheck", "npm", ["run", "typecheck"]],
  ["build", "npm", ["run", "build"]],
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
  [
    "browser",
    "npx",
    ["playwright", "test", "-c", "e2e/playwright.config.ts"],
    { PLAYWRIGHT_JSON_OUTPUT_FILE: join(reports, "playwright.json") },
  ],
];

/** @type {string[]} */
const failedSteps = [];
for (const [name, command, args, env] of steps) {
  console.log(`\n▶ ${name}: ${command} ${args.join(" ")}`);
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, ...env },
  });
  if (result.status !== 0) failedSteps.push(name);
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
