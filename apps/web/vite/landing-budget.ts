import { readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { constants, gzipSync } from "node:zlib";
import type { Logger, Plugin } from "vite";

/** docs/decisions/0022: what a first visit to `/` may fetch as JavaScript, in bytes of gzip. */
export const LANDING_JS_BUDGET = 100_000;

const TAG = /<(script|link)\b[^>]*>/gi;
const attribute = (tag: string, name: string) =>
  new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, "i")
    .exec(tag)
    ?.slice(1)
    .find((value) => value !== undefined);

/**
 * The scripts a page has the browser fetch as it loads: every `<script src>`
 * (module or classic) and every `<link rel="modulepreload">` (or a preload as
 * a script), in the page's order, each once. What those scripts import later
 * (a screen, a menu) is not among them.
 */
export function pageScripts(html: string): string[] {
  const found = new Set<string>();
  for (const [tag, name] of html.matchAll(TAG)) {
    const rel = attribute(tag, "rel")?.toLowerCase();
    const url =
      name?.toLowerCase() === "script"
        ? attribute(tag, "src")
        : rel === "modulepreload" ||
            (rel === "preload" && attribute(tag, "as")?.toLowerCase() === "script")
          ? attribute(tag, "href")
          : undefined;
    if (url) found.add(url);
  }
  return [...found];
}

export interface ScriptWeight {
  url: string;
  gzipBytes: number;
}

/** Each script's size once gzipped at level 9 (as the build's .gz copies are), and the sum. */
export function gzipWeight(scripts: { url: string; source: Uint8Array | string }[]) {
  const files: ScriptWeight[] = scripts.map(({ url, source }) => ({
    url,
    gzipBytes: gzipSync(source, { level: constants.Z_BEST_COMPRESSION }).length,
  }));
  return { files, total: files.reduce((sum, file) => sum + file.gzipBytes, 0) };
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/** The report the build prints, and the error it fails with over the budget. */
export function budgetReport(weight: ReturnType<typeof gzipWeight>, budget: number) {
  const lines = weight.files.map((file) => `  ${kB(file.gzipBytes).padStart(9)}  ${file.url}`);
  const summary = `JavaScript of the landing page (index.html's scripts and preloads, gzip): ${kB(weight.total)} (${weight.total} B) of ${kB(budget)}`;
  return { text: [summary, ...lines].join("\n"), over: weight.total > budget };
}

/**
 * Fails the build when the JavaScript that index.html loads and preloads
 * passes the budget (issue 16, docs/decisions/0022). Screens loaded on demand
 * do not count; a static import that drags one back in does.
 */
export function landingBudget(budget = LANDING_JS_BUDGET): Plugin {
  let outDir = "";
  let logger: Logger | undefined;
  return {
    name: "landing-budget",
    apply: "build",
    configResolved: (config) => {
      outDir = resolve(config.root, config.build.outDir);
      logger = config.logger;
    },
    async closeBundle() {
      const html = await readFile(join(outDir, "index.html"), "utf8");
      const scripts = await Promise.all(
        pageScripts(html).map(async (url) => {
          if (!url.startsWith("/")) throw new Error(`landing budget: cannot weigh ${url}`);
          return { url, source: await readFile(join(outDir, url)) };
        }),
      );
      const report = budgetReport(gzipWeight(scripts), budget);
      if (report.over) {
        throw new Error(
          `${report.text}\nThe landing page's JavaScript is over its budget: move what / does not need behind a dynamic import (docs/decisions/0022).`,
        );
      }
      logger?.info(report.text);
    },
  };
}
