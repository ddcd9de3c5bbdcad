// @vitest-environment node
import { randomBytes } from "node:crypto";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ResolvedConfig } from "vite";
import { afterEach, describe, expect, it } from "vitest";
import {
  budgetReport,
  gzipWeight,
  LANDING_JS_BUDGET,
  landingBudget,
  pageScripts,
} from "./landing-budget";

const page = `<!doctype html>
<html><head>
  <script src="/theme.js"></script>
  <script type="module" crossorigin src="/assets/index-a1.js"></script>
  <link rel="modulepreload" crossorigin href="/assets/react-b2.js">
  <link rel=modulepreload href='/assets/runtime-c3.js'>
  <link rel="preload" as="script" href="/assets/later-d4.js">
  <link rel="modulepreload" href="/assets/react-b2.js">
  <link rel="stylesheet" crossorigin href="/assets/index-e5.css">
  <link rel="preload" as="font" href="/assets/font.woff2">
  <link rel="icon" href="/favicon.svg">
  <script type="application/json" id="initial-data">{"a":1}</script>
</head><body><div id="root"></div></body></html>`;

describe("the landing page's JavaScript budget", () => {
  it("counts every script the page loads or preloads, once, and nothing else", () => {
    expect(pageScripts(page)).toEqual([
      "/theme.js",
      "/assets/index-a1.js",
      "/assets/react-b2.js",
      "/assets/runtime-c3.js",
      "/assets/later-d4.js",
    ]);
  });

  it("weighs each at gzip level 9 and adds them up", () => {
    const repetitive = "export const x = 1;\n".repeat(500);
    const weight = gzipWeight([
      { url: "/a.js", source: repetitive },
      { url: "/b.js", source: Buffer.from(repetitive) },
    ]);
    expect(weight.files[0]?.gzipBytes).toBeGreaterThan(20);
    expect(weight.files[0]?.gzipBytes).toBeLessThan(repetitive.length / 20);
    expect(weight.files[1]?.gzipBytes).toBe(weight.files[0]?.gzipBytes);
    expect(weight.total).toBe(2 * (weight.files[0]?.gzipBytes ?? 0));
  });

  it("is over only past the budget, and says by how much in its report", () => {
    const at = {
      files: [{ url: "/assets/index.js", gzipBytes: LANDING_JS_BUDGET }],
      total: LANDING_JS_BUDGET,
    };
    expect(budgetReport(at, LANDING_JS_BUDGET).over).toBe(false);
    const over = { files: [{ url: "/assets/index.js", gzipBytes: 100_001 }], total: 100_001 };
    const report = budgetReport(over, LANDING_JS_BUDGET);
    expect(report.over).toBe(true);
    expect(report.text).toContain("(100001 B) of 100.0 kB");
    expect(report.text).toContain("/assets/index.js");
  });
});

describe("the build check", () => {
  let root = "";
  afterEach(() => rm(root, { recursive: true, force: true }));

  /** A built app whose page loads a script of `bytes` random (incompressible) bytes and preloads a tiny one. */
  async function build(bytes: number) {
    root = await mkdtemp(join(tmpdir(), "landing-budget-"));
    await mkdir(join(root, "dist/assets"), { recursive: true });
    await writeFile(
      join(root, "dist/index.html"),
      '<script type="module" src="/assets/index.js"></script><link rel="modulepreload" href="/assets/tiny.js">',
    );
    await writeFile(join(root, "dist/assets/index.js"), randomBytes(bytes));
    await writeFile(join(root, "dist/assets/tiny.js"), "export {};");
    const plugin = landingBudget();
    const logged: string[] = [];
    const config = {
      root,
      build: { outDir: "dist" },
      logger: { info: (text: string) => logged.push(text) },
    };
    (plugin.configResolved as (config: ResolvedConfig) => void)(
      config as unknown as ResolvedConfig,
    );
    const closeBundle = () => (plugin.closeBundle as () => Promise<void>)();
    return { closeBundle, logged };
  }

  it("fails the build when the page's scripts pass 100 kB of gzip", async () => {
    const { closeBundle } = await build(101_000);
    const failure = await closeBundle().then(
      () => null,
      (error: Error) => error.message,
    );
    expect(failure).toMatch(/over its budget/);
    expect(failure).toContain("/assets/index.js");
  });

  it("passes below it, and prints what it counted", async () => {
    const { closeBundle, logged } = await build(90_000);
    await closeBundle();
    expect(logged.join("\n")).toMatch(
      /of 100\.0 kB[\s\S]*\/assets\/index\.js[\s\S]*\/assets\/tiny\.js/,
    );
  });
});
