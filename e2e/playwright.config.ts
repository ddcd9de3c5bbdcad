import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { resolveChromium } from "./support/chromium";
import {
  ADMIN_EMAILS,
  CLOCK_APP_PORTS,
  CLUSTER,
  LLM_PORT,
  LLM_URL,
  MAILBOX_PORT,
  MAILBOX_URL,
  APP_PORT as PORT,
  SMTP_PORT,
} from "./support/ports";

const baseURL = `http://localhost:${PORT}`;
const dataDir = join(tmpdir(), `eitheror-e2e-${PORT}`);
/**
 * Journeys that move the server's clock run against an app of their own per device
 * (CLOCK_APP_PORTS), one at a time there: one's day must not pass under another.
 */
const movesTheClock = ["**/rounds.spec.ts", "**/day-after.spec.ts"];
const clockApp = (port: number) => ({
  port,
  url: `http://localhost:${port}`,
  folder: join(tmpdir(), `eitheror-e2e-${port}`),
});
/**
 * The cluster journey (e2e/cluster.spec.ts) runs against `npm run cluster`: nginx
 * in front of two instances on a PostgreSQL database of its own, made afresh on
 * the server TEST_DATABASE_URL names (CI sets it; without it there is no cluster
 * project). One device: it proves the deployment, not a screen.
 */
const clusterServer = process.env.TEST_DATABASE_URL
  ? (() => {
      const server = new URL(process.env.TEST_DATABASE_URL);
      server.pathname = "/postgres";
      return server.toString();
    })()
  : null;
const clusterUrl = `http://localhost:${CLUSTER.proxy}`;
const clusterJourney = "**/cluster.spec.ts";
/**
 * Journeys tagged so prove a mechanism (a redirect, a failure's recovery, a form's
 * edge), not a screen: they run on the desktop only. Every screen and message is
 * still looked at on both devices (first-impressions.spec.ts's "every screen").
 */
const oneDevice = /@one-device/;
const pwaJourney = "**/pwa.spec.ts";
const clockApps = {
  phone: clockApp(CLOCK_APP_PORTS.phone),
  desktop: clockApp(CLOCK_APP_PORTS.desktop),
};

// The config loads in the runner and in every worker; only the runner starts the servers.
if (!process.env.TEST_WORKER_INDEX) {
  for (const folder of [dataDir, ...Object.values(clockApps).map((clockApp) => clockApp.folder)])
    rmSync(folder, { recursive: true, force: true });
}

/** What every app of the journeys is told, the cluster's instances too. */
function appEnv(url: string) {
  return {
    APP_ENV: "test",
    PUBLIC_URL: url,
    LOG_LEVEL: "warn",
    SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
    MAIL_FROM: "eitheror <no-reply@eitheror.test>",
    // Every journey's browser comes from 127.0.0.1.
    SIGN_IN_LIMIT_PER_IP: "10000",
    GROUP_LIMIT_PER_USER: "1000",
    GROUP_LIMIT_PER_IP: "10000",
    INVITE_MISS_LIMIT_PER_IP: "10000",
    VOTE_LIMIT_PER_IP: "100000",
    ADMIN_EMAILS,
    // Generate Dilemmas asks the fake generator started beside the apps.
    LLM_BASE_URL: `${LLM_URL}/v1`,
    LLM_MODEL: "e2e-fake",
    LLM_API_KEY: "e2e-key",
  };
}

/** The app as the journeys run it; `port` and `folder` tell the two apps apart. */
function app(port: number, url: string, folder: string) {
  return {
    command: "node apps/server/dist/server.js",
    cwd: "..",
    url: `${url}/api/ready`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: { ...appEnv(url), PORT: String(port), DATA_DIR: folder },
  };
}

/** `npm run cluster` on ports of its own, its database made afresh and dropped at the end. */
function cluster(server: string) {
  return {
    command: "node scripts/cluster.mjs",
    cwd: "..",
    url: `${clusterUrl}/api/ready`,
    reuseExistingServer: false,
    timeout: 120_000,
    // Stopped as an operator would (Ctrl-C): its instances drain, the database goes.
    gracefulShutdown: { signal: "SIGTERM" as const, timeout: 20_000 },
    env: {
      ...appEnv(clusterUrl),
      CLUSTER_PORT: String(CLUSTER.proxy),
      CLUSTER_POSTGRES: server,
      CLUSTER_DATABASE: `eitheror_e2e_cluster_${PORT}`,
      CLUSTER_FRESH: "1",
    },
  };
}

const executablePath = resolveChromium();
const launchOptions = {
  executablePath,
  args: [
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
    // Software compositing without an emulated GPU: about a tenth less CPU on the
    // shared cores, and the same pages (the app draws nothing with WebGL).
    "--disable-gpu",
  ],
};

const phone = { ...devices["Pixel 7"], browserName: "chromium" as const, launchOptions };
const desktop = {
  ...devices["Desktop Chrome"],
  viewport: { width: 1280, height: 800 },
  launchOptions,
};
// Each device runs twice over: on its own clock app for the journeys that move the clock, on the main app for the rest.
export default defineConfig({
  testDir: ".",
  testMatch: "**/*.spec.ts",
  outputDir: "../test-results/e2e",
  fullyParallel: true,
  // A journey mostly waits (for mail, the server, an animation), so four share two cores.
  workers: 4,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // Journeys sign people in by e-mail and drive several screens. A timeout is there to
  // catch a hang, not to time a journey: on 2026-11-26's machine, four workers on its two
  // cores made journeys five times slower than alone (one of 51 s took 5 min), so every
  // limit is about twice what that machine needed.
  timeout: 180_000,
  // What a busy machine may take to show a screen: a first load of /sign-in, three
  // browsers at once beside the other workers, took 14 s on 2026-11-25's machine and
  // up to 23 s for the whole navigation on 2026-11-26's. A fault still fails; it only
  // says so later.
  expect: { timeout: 20_000 },
  // npm test asks for a JSON report too, to sum up both runners in one line.
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ? [["list"], ["json"]] : "list",
  // No service worker but in its own journey (e2e/pwa.spec.ts): the others route the page's
  // requests (a worker would answer them first, from its cache) and each new browser would
  // fetch the whole precache for nothing (docs/decisions/0071-service-worker.md).
  use: {
    baseURL,
    // A failed journey keeps its trace (actions, DOM snapshots, network, console) and a
    // screenshot, without the screencast: filming every journey to keep a few films took
    // 40 % of the step (7.8 → 4.7 min, docs/decisions/0096-journeys-traced-without-a-film.md).
    trace: { mode: "retain-on-failure", screenshots: false },
    screenshot: "only-on-failure",
    serviceWorkers: "block",
  },
  // The clock-moving journeys are the longest: listed first, they start first and end no run alone.
  projects: [
    {
      name: "phone",
      use: { ...phone, baseURL: clockApps.phone.url },
      testMatch: movesTheClock,
      workers: 1,
    },
    {
      name: "desktop",
      use: { ...desktop, baseURL: clockApps.desktop.url },
      testMatch: movesTheClock,
      workers: 1,
    },
    ...(clusterServer
      ? [{ name: "cluster", use: { ...desktop, baseURL: clusterUrl }, testMatch: clusterJourney }]
      : []),
    // The service worker's journey proves the browser's machinery, not a screen: desktop only.
    {
      name: "phone",
      use: phone,
      testIgnore: [...movesTheClock, clusterJourney, pwaJourney],
      grepInvert: oneDevice,
    },
    { name: "desktop", use: desktop, testIgnore: [...movesTheClock, clusterJourney] },
  ],
  webServer: [
    {
      command: "node node_modules/tsx/dist/cli.mjs e2e/support/mail-server.ts",
      cwd: "..",
      url: `${MAILBOX_URL}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { SMTP_PORT: String(SMTP_PORT), MAILBOX_PORT: String(MAILBOX_PORT) },
    },
    {
      command: "node node_modules/tsx/dist/cli.mjs e2e/support/llm-server.ts",
      cwd: "..",
      url: `${LLM_URL}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { LLM_PORT: String(LLM_PORT) },
    },
    app(PORT, baseURL, dataDir),
    ...Object.values(clockApps).map(({ port, url, folder }) => app(port, url, folder)),
    ...(clusterServer ? [cluster(clusterServer)] : []),
  ],
});
