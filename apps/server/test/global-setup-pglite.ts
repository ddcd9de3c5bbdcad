import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../src/db/client";
import { seedDilemmaBank } from "../src/db/seed/seed";

/**
 * Migrating a new PGlite takes seconds, loading a data folder a fraction of that:
 * migrate and seed once, dump the folder, and let each test file load the dump.
 */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(join(tmpdir(), "eitheror-pglite-"));
  const client = new PGlite();
  const database = await openDatabase({ kind: "pglite", client });
  try {
    await seedDilemmaBank(database.db);
    // Uncompressed: a larger file, but each test file loads it faster than a gzip.
    const dump = await client.dumpDataDir("none");
    const file = join(dir, "template.tar");
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
    project.provide("pgliteTemplate", file);
  } finally {
    await database.close();
  }
  return () => rm(dir, { recursive: true, force: true });
}
