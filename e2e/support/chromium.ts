import { execSync } from "node:child_process";
import { existsSync } from "node:fs";
import { chromium } from "@playwright/test";

const SYSTEM_CHROMIUM = ["/usr/bin/chromium", "/usr/bin/chromium-browser"];

function canInstallWithApt(): boolean {
  return process.getuid?.() === 0 && existsSync("/usr/bin/apt-get");
}

/**
 * The browser for the journeys, in this order (README, Test it): CHROMIUM_PATH, the system's
 * Chromium, Playwright's own. With none, install Debian's chromium where we may
 * (CI as root), or stop with a clear message.
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
    console.log("No Chromium found: installing Debian's chromium (apt-get install -y chromium)…");
    execSync("apt-get update -qq && apt-get install -y -qq chromium", { stdio: "inherit" });
    return "/usr/bin/chromium";
  }
  throw new Error(
    "No Chromium found for the browser tests. Install it (Debian/Ubuntu: `sudo apt-get install chromium`) or set CHROMIUM_PATH to a Chromium or Chrome binary.",
  );
}
