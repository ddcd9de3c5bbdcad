// @ts-check
// `npm start`: builds what is missing or older than its sources, then runs the
// compiled server in this process (it applies migrations and seeds on start).
import { spawnSync } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
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

await import(pathToFileURL(at("apps/server/dist/server.js")).href);
