// @vitest-environment node
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * Components name colours by role (bg-surface, text-fg-muted, ring-danger…),
 * defined once per scheme in index.css, so dark mode works on every screen
 * without a `dark:` class anywhere. A palette shade (bg-slate-50, text-white) or
 * a hex in a class would look right in one scheme only: this keeps them out.
 */
const PREFIXES =
  "bg|text|ring|ring-offset|border|border-[trblxy]|outline|divide|from|via|to|fill|stroke|placeholder|shadow|accent|caret|decoration";
const PALETTE =
  "slate|gray|zinc|neutral|stone|red|orange|amber|yellow|lime|green|emerald|teal|cyan|sky|blue|indigo|violet|purple|fuchsia|pink|rose|brand";
const RAW_COLOUR = new RegExp(
  `(?<![\\w-])(?:${PREFIXES})-(?:(?:${PALETTE})-\\d{2,3}|white|black|\\[(?:#|rgb|hsl|oklch|color))`,
  "g",
);

const root = fileURLToPath(new URL("../../..", import.meta.url));
const sources = [
  ...listFiles(join(root, "apps/web/src"), /\.(ts|tsx)$/),
  ...listFiles(join(root, "packages/shared/src/shell"), /\.ts$/),
  join(root, "apps/web/index.html"),
].filter((file) => !/\.test\.tsx?$/.test(file));

function listFiles(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((file) => pattern.test(file))
    .map((file) => join(dir, file));
}

describe("semantic colours", () => {
  it("the check recognises raw colours and lets roles through", () => {
    const found = (classes: string) => classes.match(RAW_COLOUR) ?? [];
    expect(
      found(
        "bg-slate-50 hover:text-white ring-black/5 bg-[#fff] text-brand-700 border-t-red-200 focus:ring-offset-sky-500",
      ),
    ).toEqual([
      "bg-slate-50",
      "text-white",
      "ring-black",
      "bg-[#",
      "text-brand-700",
      "border-t-red-200",
      "ring-offset-sky-500",
    ]);
    expect(
      found(
        "bg-surface text-fg-muted ring-option-a border-border-strong text-on-brand bg-brand-soft text-2xl ring-2 shadow-md outline-focus",
      ),
    ).toEqual([]);
  });

  it("no component, shell markup or page uses a palette shade or a hex colour", () => {
    expect(sources.length).toBeGreaterThan(20);
    const offences = sources.flatMap((file) =>
      (readFileSync(file, "utf8").match(RAW_COLOUR) ?? []).map(
        (match) => `${relative(root, file)}: ${match}`,
      ),
    );
    expect(offences).toEqual([]);
  });
});
