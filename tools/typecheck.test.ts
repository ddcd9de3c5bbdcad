// `npm run typecheck` checks every TypeScript project of the repository, the
// scripts' JavaScript included (they carry `// @ts-check` and JSDoc types).
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("..", import.meta.url));
const projects = execFileSync("git", ["ls-files", "*tsconfig.json"], {
  cwd: root,
  encoding: "utf8",
})
  .split("\n")
  .filter((path) => path.endsWith("/tsconfig.json"))
  .map(dirname);
const typecheck: string = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).scripts
  .typecheck;

describe("npm run typecheck", () => {
  it.each(projects)("checks %s", (project) => {
    expect(typecheck.split("&&").map((step) => step.trim())).toContain(`tsc -p ${project}`);
  });

  it("checks every script", () => {
    const scripts = execFileSync("git", ["ls-files", "scripts/*.mjs"], {
      cwd: root,
      encoding: "utf8",
    })
      .split("\n")
      .filter(Boolean);
    for (const script of scripts) {
      expect(readFileSync(join(root, script), "utf8"), script).toMatch(/^\/\/ @ts-check\n/);
    }
    expect(scripts.length).toBeGreaterThan(0);
  });
});
