import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "../db/schema";
import { paths } from "../paths";
import { lockDataDir, makePrivateDir } from "./data-dir-lock";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** The one row a query for a key returns, or null when there is none. */
export function firstOrNull<T>(rows: readonly T[]): T | null {
  return rows[0] ?? null;
}

/** A transaction, or the database itself where no transaction is needed. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0] | Db;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** Answers whether the database can run a query right now. */
  ping(): Promise<boolean>;
  /** PGlite opened on a folder: the folder, and a crash-consistent gzipped dump of it. */
  folder?: { dataDir: string; dump(): Promise<Blob> };
  /** PostgreSQL: a new connection outside the pool, for one that is held for good (LISTEN). */
  dedicatedClient?: () => pg.Client;
  close(): Promise<void>;
}

export type DatabaseSource =
  | { kind: "postgres"; url: string }
  | { kind: "pglite"; dataDir?: string; client?: PGlite };

const MIGRATION_LOCK = 7_318_201; // any constant shared by every instance

/** Opens the database and brings its schema up to date: same migrations on both engines. */
export async function openDatabase(source: DatabaseSource): Promise<Database> {
  if (source.kind === "postgres") {
    const pool = new pg.Pool({ connectionString: source.url, max: 10 });
    // An idle connection the server ends (a restart, a dropped test database) is
    // replaced by the pool; without a listener its error would crash the process.
    pool.on("error", () => {});
    const db = drizzlePg(pool, { schema });
    // Instances starting together must not run the same migration twice.
    const lockClient = await pool.connect();
    try {
      await lockClient.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
      await migratePg(drizzlePg(lockClient, { schema }), { migrationsFolder: paths.migrations });
    } finally {
      await lockClient.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => {});
      lockClient.release();
    }
    return {
      db: db as unknown as Db,
      kind: "postgres",
      ping: () => ping(() => pool.query("SELECT 1")),
      dedicatedClient: () => new pg.Client({ connectionString: source.url }),
      close: () => pool.end(),
    };
  }

  let client = source.client;
  const dataDir = client ? undefined : source.dataDir;
  let unlock = async () => {};
  if (!client) {
    if (source.dataDir) {
      makePrivateDir(source.dataDir);
      unlock = await lockDataDir(source.dataDir);
    }
    client = new PGlite(source.dataDir);
  }
  const pglite = client;
  try {
    const db = drizzlePglite(pglite, { schema });
    await migratePglite(db, { migrationsFolder: paths.migrations });
    return {
      db: db as unknown as Db,
      kind: "pglite",
      ping: () => ping(() => pglite.query("SELECT 1")),
      // PGlite takes the dump between queries, never inside one: a transaction still
      // open is rolled back when the dump is loaded, as after a crash.
      folder: dataDir ? { dataDir, dump: () => pglite.dumpDataDir("gzip") } : undefined,
      close: async () => {
        await pglite.close();
        await unlock();
      },
    };
  } catch (error) {
    await pglite.close().catch(() => {});
    await unlock();
    throw error;
  }
}

async function ping(query: () => Promise<unknown>): Promise<boolean> {
  try {
    await query();
    return true;
  } catch {
    return false;
  }
}
