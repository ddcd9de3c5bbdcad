import { resolve } from "node:path";
import { fileURLToPath } from "node:url";

// This module sits one level below the package root both as source (src/paths.ts)
// and bundled (dist/server.js), so the same relative URL finds the package root.
const serverRoot = fileURLToPath(new URL("..", import.meta.url));

export const paths = {
  migrations: resolve(serverRoot, "src/db/migrations"),
  webDist: resolve(serverRoot, "../web/dist"),
  /** The build's output: the server bundle, and the empty PGlite cluster (db/pglite-cluster.ts). */
  serverDist: resolve(serverRoot, "dist"),
};
