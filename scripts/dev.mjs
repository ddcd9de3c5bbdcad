// @ts-check
// `npm run dev`: the API in watch mode on :3000 and Vite with hot reload on :5173
// (proxying /api). Open http://localhost:5173. Ctrl-C stops both.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

// Same data folder as `npm start` (run one of the two at a time: PGlite is single-process).
const dataDir = fileURLToPath(new URL("../data", import.meta.url));
// The API trusts the dev server's pages only while this script runs it (DEV_SERVER_ORIGIN).
const env = {
  PUBLIC_URL: "http://localhost:5173",
  DEV_SERVER_ORIGIN: "http://localhost:5173",
  DATA_DIR: dataDir,
  ...process.env,
};
const children = [
  spawn("npm", ["run", "dev", "-w", "apps/server"], { stdio: "inherit", env }),
  spawn("npm", ["run", "dev", "-w", "apps/web"], { stdio: "inherit", env }),
];

let stopping = false;
function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill("SIGTERM");
  process.exitCode = code;
}
for (const child of children) child.on("exit", (code) => stop(code ?? 0));
process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));
