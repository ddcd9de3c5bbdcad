import { execSync } from "node:child_process";
import { existsSync } from "node:fs";
import { chromium } from "@playwright/test";

/**
 * Debian's chromium-headless-shell first: Chromium's old headless mode, without the
 * browser's own window and its UI, ran the journeys in about two thirds of the time on
 * two cores (9.3 min against 13.5 on 2026-11-27), the same pages (decision 0087). The
 * full browser after it, for a machine that has only that.
 */
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const SYSTEM_CHROMIUM = [HEADLESS_SHELL, "/usr/bin/chromium", "/usr/bin/chromium-browser"];

function canInstallWithApt(): boolean {
  return process.getuid?.() === 0 && existsSync("/usr/bin/apt-get");
}

/**
 * The browser for the journeys, in this order (README, Test it): CHROMIUM_PATH, the system's
 * headless shell, the system's Chromium, Playwright's own. With none, install Debian's
 * headless shell where we may (CI as root), or stop with a clear message.
 */
export function resolveChromium(): string | undefined {
  const configured = process.env.CHROMIUM_PATH;
  if (configured) {
    if (!existsSync(configured)) throw new Error(`CHROMIUM_PATH=${configured} does not exist.`);
    return configured;
  }
  const system = SYSTEM_CHROMIUM.find((path) => existsSync(path));
  if (system) return system;
  if (existsSync(chromium.executablePath())) return undefined;
  if (canInstallWithApt()) {
    console.log(
      "No Chromium found: installing Debian's headless Chromium (apt-get install -y chromium-headless-shell)…",
    );
    execSync("apt-get update -qq && apt-get install -y -qq chromium-headless-shell", {
      stdio: "inherit",
    });
    return HEADLESS_SHELL;
  }
  throw new Error(
    "No Chromium found for the browser tests. Install it (Debian/Ubuntu: `sudo apt-get install chromium-headless-shell`) or set CHROMIUM_PATH to a Chromium or Chrome binary.",
  );
}
