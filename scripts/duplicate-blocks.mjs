// @ts-check
// `npm run lint`'s second half: no identical block of six or more lines in two places of
// the source (tests and their set-up aside). Blank lines, imports and lines of brackets
// alone do not count, nor do blocks too thin to be logic (a list of names).
// Usage: node scripts/duplicate-blocks.mjs [folder ...]   (default: the source folders)
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

export const MIN_LINES = 6;
/** A block's lines together must hold this many characters besides spaces to count as logic. */
const MIN_CHARACTERS = 150;
const SOURCE = /\.(ts|tsx|mjs)$/;
const SKIPPED = /(\.test\.tsx?$|^e2e\/|\/test\/|\/migrations\/|\/node_modules\/)/;

/**
 * The lines of `text` that count, each with its line number: imports and bracket-only lines out.
 * @param {string} text
 */
export function significantLines(text) {
  /** @type {{ line: number, text: string }[]} */
  const kept = [];
  let inImport = false;
  text.split("\n").forEach((raw, index) => {
    const line = raw.trim();
    if (/^(import|export) .*\bfrom\s+["']|^import\s+["']/.test(line)) return;
    if (/^(import|export)\s+(type\s+)?\{[^}]*$/.test(line)) {
      inImport = true;
      return;
    }
    if (inImport) {
      if (/\}\s*from\s+["']/.test(line)) inImport = false;
      return;
    }
    if (line === "" || /^[\s{}()[\];,.:<>/=*]*$/.test(line) || line.startsWith("//")) return;
    kept.push({ line: index + 1, text: line });
  });
  return kept;
}

/**
 * Every block of MIN_LINES significant lines that stands in two places.
 * @param {{ path: string, text: string }[]} files
 */
export function duplicateBlocks(files) {
  /** @type {Map<string, string>} */
  const seen = new Map();
  /** @type {string[]} */
  const found = [];
  const reported = new Set();
  for (const { path, text } of files) {
    const lines = significantLines(text);
    for (let start = 0; start + MIN_LINES <= lines.length; start++) {
      const window = lines.slice(start, start + MIN_LINES);
      const key = window.map((l) => l.text).join("\n");
      if (key.replace(/\s/g, "").length < MIN_CHARACTERS) continue;
      const here = `${path}:${window.at(0)?.line}-${window.at(-1)?.line}`;
      const first = seen.get(key);
      if (!first) seen.set(key, here);
      else if (!reported.has(first.split(":")[0] + path)) {
        reported.add(first.split(":")[0] + path);
        found.push(`${here} repeats ${first}`);
      }
    }
  }
  return found;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const folders = process.argv.slice(2);
  // A file in a merge's conflict is listed once per side: each is read once.
  const tracked = execFileSync(
    "git",
    [
      "ls-files",
      "--cached",
      "--others",
      "--exclude-standard",
      "--",
      ...(folders.length ? folders : ["apps", "packages", "scripts", "tools", "bench"]),
    ],
    { encoding: "utf8" },
  )
    .split("\n")
    .filter(
      (path, at, all) => SOURCE.test(path) && !SKIPPED.test(path) && all.indexOf(path) === at,
    );
  const files = tracked.flatMap((path) => {
    try {
      return [{ path, text: readFileSync(path, "utf8") }];
    } catch {
      return []; // listed by git, deleted in the working tree
    }
  });
  const found = duplicateBlocks(files);
  for (const line of found) console.error(line);
  console.log(`duplicate blocks: ${found.length} in ${files.length} files`);
  if (found.length) process.exit(1);
}
