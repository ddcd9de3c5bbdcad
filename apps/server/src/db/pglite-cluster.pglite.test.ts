import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tarOf } from "../../test/tar";
import { unpackCluster } from "./pglite-cluster";

const folders: string[] = [];
const folder = () => {
  const made = mkdtempSync(join(tmpdir(), "eitheror-cluster-"));
  folders.push(made);
  return made;
};
let archive: string;

beforeAll(async () => {
  // What the build makes (apps/server/build.mjs): an empty cluster, dumped by PGlite.
  const pglite = await PGlite.create();
  const dump = await pglite.dumpDataDir("gzip");
  await pglite.close();
  archive = join(folder(), "cluster.tar.gz");
  writeFileSync(archive, Buffer.from(await dump.arrayBuffer()));
}, 60_000);
afterAll(() => {
  for (const made of folders) rmSync(made, { recursive: true, force: true });
});

describe("a new PGlite folder from the build's empty cluster", () => {
  it("opens as a database, without PGlite's initdb", async () => {
    const dataDir = folder();
    expect(unpackCluster(archive, dataDir)).toBe(true);
    expect(existsSync(join(dataDir, "PG_VERSION"))).toBe(true);
    const pglite = await PGlite.create(dataDir);
    try {
      await pglite.exec("CREATE TABLE t (n int); INSERT INTO t VALUES (1)");
      expect((await pglite.query("SELECT n FROM t")).rows).toEqual([{ n: 1 }]);
    } finally {
      await pglite.close();
    }
  }, 60_000);

  it("leaves a folder that holds a database alone", () => {
    const dataDir = folder();
    writeFileSync(join(dataDir, "PG_VERSION"), "17\n");
    expect(unpackCluster(archive, dataDir)).toBe(false);
  });

  it("does nothing without an archive: PGlite makes the cluster itself", () => {
    expect(unpackCluster(join(folder(), "missing.tar.gz"), folder())).toBe(false);
  });

  it("refuses an archive that names a path outside the folder", () => {
    const evil = join(folder(), "evil.tar.gz");
    writeFileSync(evil, gzipSync(tarOf([{ name: "../escaped", content: "" }])));
    expect(() => unpackCluster(evil, folder())).toThrow(/outside/);
  });
});
