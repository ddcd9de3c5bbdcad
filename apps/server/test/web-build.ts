import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, gzipSync } from "node:zlib";

/** A file of the web app's sources (apps/web/…). */
export const webSource = (path: string) =>
  fileURLToPath(new URL(`../../web/${path}`, import.meta.url));

/**
 * The build's manifest as Vite writes it (`build.manifest`): the entry, the member
 * guard and the group page's screen, chunks they share, a contract loaded on the
 * first call (`_…`) and another screen loaded when shown (named by its source).
 */
const manifest = {
  "index.html": {
    file: "assets/index-abc123.js",
    isEntry: true,
    imports: ["_react-r1.js"],
    dynamicImports: ["src/features/auth/components/guards.tsx", "src/app/routes/group.tsx"],
  },
  "_react-r1.js": { file: "assets/react-r1.js" },
  "src/features/auth/components/guards.tsx": {
    file: "assets/guards-g1.js",
    isDynamicEntry: true,
    imports: ["index.html", "_react-r1.js", "_ui-u1.js"],
    dynamicImports: ["_contract-c1.js", "src/features/auth/components/profile-menu.tsx"],
  },
  "_ui-u1.js": { file: "assets/ui-u1.js", imports: ["_react-r1.js"] },
  "_contract-c1.js": { file: "assets/contract-c1.js", imports: ["_zod-z1.js"] },
  "_zod-z1.js": { file: "assets/zod-z1.js" },
  "src/features/auth/components/profile-menu.tsx": { file: "assets/profile-menu-p1.js" },
  "src/app/routes/group.tsx": {
    file: "assets/group-s1.js",
    isDynamicEntry: true,
    imports: ["index.html", "_ui-u1.js", "_menu-m1.js"],
  },
  "_menu-m1.js": { file: "assets/menu-m1.js" },
};

/**
 * A built web app in a temporary folder, made from the real page template and
 * manifest: the page, one hashed script with its brotli and gzip twins and its
 * map, a public file (theme.js) and the build's manifest. The caller removes `root`.
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
  mkdirSync(join(root, ".vite"));
  writeFileSync(join(root, ".vite/manifest.json"), JSON.stringify(manifest));
  return { root, script, asset: "/assets/index-abc123.js" };
}
