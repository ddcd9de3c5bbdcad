// @ts-check
// `npm start`: builds what is missing or older than its sources, then runs the
// compiled server in this process (it applies migrations and seeds on start).
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { ensureBuilt, root } from "./built.mjs";

ensureBuilt();
await import(pathToFileURL(join(root, "apps/server/dist/server.js")).href);
