// Code the web app ships but never shows: a screen no route imports, a component
// nobody renders. They rot unseen (a "coming soon" screen outlived its feature,
// a placeholder outlived the tab it was for), so they fail here instead.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("..", import.meta.url));
const web = join(root, "apps/web/src");
/** What the page itself loads (index.html), and declarations nothing imports. */
const ENTRIES = new Set(["main.tsx", "vite-env.d.ts"]);

function sourcesUnder(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sourcesUnder(path);
    return /\.(ts|tsx|css)$/.test(name) ? [path] : [];
  });
}

/** The shipped sources: not tests, not the test setup, not the lint suite's passing fixtures. */
const sources = sourcesUnder(web).filter(
  (path) => !/\.test\.tsx?$/.test(path) && !path.includes("/test/") && !path.includes("zz-fixture"),
);
const texts = new Map(sources.map((path) => [path, readFileSync(path, "utf8")]));

/** Every file `from` imports (static or `import()`), by path, extension left open. */
function importsOf(from: string): string[] {
  const text = texts.get(from) ?? "";
  const found: string[] = [];
  for (const [, spec = ""] of text.matchAll(/(?:from|import)\s*\(?\s*["']([^"']+)["']/g)) {
    if (spec.startsWith("@/")) found.push(join(web, spec.slice(2)));
    else if (spec.startsWith(".")) found.push(join(dirname(from), spec));
  }
  return found;
}

describe("the web app's sources", () => {
  it("are each imported by another, but the entry", () => {
    const imported = new Set(
      sources.flatMap(importsOf).flatMap((path) => ["", ".ts", ".tsx"].map((ext) => path + ext)),
    );
    const orphans = sources
      .filter((path) => !imported.has(path) && !ENTRIES.has(relative(web, path)))
      .map((path) => relative(web, path));
    expect(orphans).toEqual([]);
  });

  it("export no component that nothing outside its file renders", () => {
    const unused: string[] = [];
    for (const [path, text] of texts) {
      if (!path.endsWith(".tsx")) continue;
      for (const [, name = ""] of text.matchAll(/^export function ([A-Z]\w*)/gm)) {
        const word = new RegExp(`\\b${name}\\b`);
        const elsewhere = [...texts].some(
          ([other, content]) => other !== path && word.test(content),
        );
        if (!elsewhere) unused.push(`${relative(web, path)}: ${name}`);
      }
    }
    expect(unused).toEqual([]);
  });
});
