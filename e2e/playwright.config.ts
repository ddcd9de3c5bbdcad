import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { resolveChromium } from "./support/chromium";
import { MAILBOX_PORT, MAILBOX_URL, APP_PORT as PORT, SMTP_PORT } from "./support/ports";

const baseURL = `http://localhost:${PORT}`;
const dataDir = join(tmpdir(), `eitheror-e2e-${PORT}`);

// The config loads in the runner and in every worker; only the runner starts the server.
if (!process.env.TEST_WORKER_INDEX) rmSync(dataDir, { recursive: true, force: true });

const executablePath = resolveChromium();
const launchOptions = {
  executablePath,
  args: [
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
  ],
};

export default defineConfig({
  testDir: ".",
  testMatch: "**/*.spec.ts",
  outputDir: "../test-results/e2e",
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // npm test asks for a JSON report too, to sum up both runners in one line.
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ? [["list"], ["json"]] : "list",
  use: { baseURL, trace: "retain-on-failure", screenshot: "only-on-failure" },
  projects: [
    { name: "phone", use: { ...devices["Pixel 7"], browserName: "chromium", launchOptions } },
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 }, launchOptions },
    },
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
      command: "node apps/server/dist/server.js",
      cwd: "..",
      url: `${baseURL}/api/ready`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        APP_ENV: "test",
        PORT: String(PORT),
        PUBLIC_URL: baseURL,
        DATA_DIR: dataDir,
        LOG_LEVEL: "warn",
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
        MAIL_FROM: "eitheror <no-reply@eitheror.test>",
        // Every journey's browser comes from 127.0.0.1.
        SIGN_IN_LIMIT_PER_IP: "10000",
        ADMIN_EMAILS: "admin-phone@example.test,admin-desktop@example.test",
      },
    },
  ],
});
