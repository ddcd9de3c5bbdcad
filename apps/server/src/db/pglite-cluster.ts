import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, normalize, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";
import { tarEntries } from "./backup/tar";

/**
 * Which PGlite build made a cluster: the sizes of its engine files. The build names
 * its archive by it (apps/server/build.mjs works it out the same way), and a start
 * uses only an archive of the PGlite installed: another one's files may not open.
 */
export function pgliteFingerprint(): string {
  return ["pglite.wasm", "initdb.wasm", "pglite.data"]
    .map(
      (file) => statSync(fileURLToPath(import.meta.resolve(`@electric-sql/pglite/${file}`))).size,
    )
    .join("-");
}

/** Where the build keeps the empty cluster of the PGlite installed (apps/server/dist). */
export function clusterArchive(distFolder: string): string {
  return join(distFolder, `pglite-cluster-${pgliteFingerprint()}.tar.gz`);
}

/**
 * A new PGlite folder from the empty cluster the build made (decision 0025).
 *
 * Creating a cluster is PGlite's initdb: a second Postgres and a snapshot of its
 * whole memory beside the first, about 550 MB more at the peak than opening a
 * folder that has one. The build runs it once, in a process of its own, and keeps
 * the result (`dist/pglite-cluster-<fingerprint>.tar.gz`, PGlite's own dump); a
 * first start unpacks it and opens the folder as a restart would. Answers whether
 * it did: without an archive (a start from source before a build) PGlite runs
 * initdb itself, as before.
 */
export function unpackCluster(archive: string, dataDir: string): boolean {
  if (!existsSync(archive) || existsSync(join(dataDir, "PG_VERSION"))) return false;
  const tar = gunzipSync(readFileSync(archive));
  let last: { path: string; bytes: Buffer } | null = null;
  for (const entry of tarEntries(tar)) {
    const path = inside(dataDir, entry.name);
    if (entry.type === "5") {
      mkdirSync(path, { recursive: true, mode: 0o700 });
    } else if (entry.type === "0" || entry.type === "\0") {
      // PG_VERSION last: a start cut short leaves a folder that is still "new".
      if (entry.name.replace(/^\/+/, "") === "PG_VERSION") {
        last = { path, bytes: entry.bytes };
        continue;
      }
      mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
      writeFileSync(path, entry.bytes, { mode: 0o600 });
    }
  }
  if (!last) throw new Error(`${archive} holds no PG_VERSION: not a PGlite cluster`);
  writeFileSync(last.path, last.bytes, { mode: 0o600 });
  return true;
}

/** `name` under `root`, refusing a name that would leave it. */
function inside(root: string, name: string): string {
  const path = normalize(join(root, name));
  if (path !== normalize(root) && !path.startsWith(normalize(root) + sep)) {
    throw new Error(`the cluster archive names a path outside its folder: ${name}`);
  }
  return path;
}
