import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, gzipSync } from "node:zlib";

/** A file of the web app's sources (apps/web/…). */
export const webSource = (path: string) =>
  fileURLToPath(new URL(`../../web/${path}`, import.meta.url));

/**
 * A built web app in a temporary folder, made from the real page template and
 * manifest: the page, one hashed script with its brotli and gzip twins and its
 * map, and a public file (theme.js). The caller removes `root`.
 */
export function fakeWebBuild() {
  const root = mkdtempSync(join(tmpdir(), "eitheror-web-"));
  mkdirSync(join(root, "assets"));
  writeFileSync(join(root, "index.html"), readFileSync(webSource("index.html"), "utf8"));
  copyFileSync(webSource("public/manifest.webmanifest"), join(root, "manifest.webmanifest"));
  const script = Buffer.from(`console.log(${JSON.stringify("eitheror ".repeat(500))});\n`);
  writeFileSync(join(root, "assets/index-abc123.js"), script);
  writeFileSync(join(root, "assets/index-abc123.js.br"), brotliCompressSync(script));
  writeFileSync(join(root, "assets/index-abc123.js.gz"), gzipSync(script));
  writeFileSync(join(root, "assets/index-abc123.js.map"), '{"version":3}');
  writeFileSync(join(root, "theme.js"), "// theme\n");
  writeFileSync(join(root, "sw.js"), "// the service worker\n");
  return { root, script, asset: "/assets/index-abc123.js" };
}
