// @ts-check
// Builds the web app and the server when their output is missing or older than
// their sources: what `npm start` and `npm run cluster` run before the server.
import { spawnSync } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const root = fileURLToPath(new URL("..", import.meta.url));
const at = (/** @type {string} */ path) => join(root, path);

const targets = [
  {
    workspace: "apps/web",
    output: "apps/web/dist/index.html",
    sources: [
      "apps/web/src",
      "apps/web/public",
      "apps/web/index.html",
      "apps/web/vite.config.ts",
      "packages/shared/src",
    ],
  },
  {
    workspace: "apps/server",
    output: "apps/server/dist/server.js",
    sources: ["apps/server/src", "apps/server/build.mjs", "packages/shared/src"],
  },
];

/**
 * @param {string} path
 * @returns {number} the newest modification time in `path`, 0 when it does not exist
 */
function newest(path) {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

/** Builds what is not built or older than its sources; exits on a failed build. */
export function ensureBuilt() {
  for (const { workspace, output, sources } of targets) {
    const built = newest(at(output));
    if (built && built >= Math.max(...sources.map((source) => newest(at(source))))) continue;
    console.log(`Building ${workspace}…`);
    const result = spawnSync("npm", ["run", "build", "-w", workspace], {
      cwd: root,
      stdio: "inherit",
    });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}
