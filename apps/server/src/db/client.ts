import { PGlite, parse, protocol } from "@electric-sql/pglite";
import { fillPlaceholders, type Logger, type SQL } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { paths } from "../paths";
import { dumpFolder, lockDataDir, makePrivateDir } from "./data-dir-lock";
import { clusterArchive, unpackCluster } from "./pglite-cluster";
import * as schema from "./schema";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** The one row a query for a key returns, or null when there is none. */
export function firstOrNull<T>(rows: readonly T[]): T | null {
  return rows[0] ?? null;
}

const dialect = new PgDialect();

/**
 * A statement of a hot path under a name (decision 0023), its text built once:
 * every value is a placeholder (`sql.placeholder("tokens")`), filled on each run,
 * so the text cannot vary; a list goes in as one array value. On PostgreSQL it is
 * prepared once per connection and then only executed, not parsed and planned
 * again; on PGlite it is parsed once. Outside a transaction only: each run
 * commits on its own.
 */
export function namedStatement<Row, Values extends Record<string, unknown>>(
  name: string,
  statement: SQL,
): (db: Db, values: Values) => Promise<Row[]> {
  const { sql: text, params } = dialect.sqlToQuery(statement);
  return async (db, values) => {
    const filled = fillPlaceholders(params, values);
    // Heard as Drizzle's own statements are (the tests count what a request costs).
    (db as unknown as { session?: { logger?: Logger } }).session?.logger?.logQuery(text, filled);
    const client = (db as unknown as { $client: pg.Pool | PGlite }).$client;
    if (client instanceof PGlite) return runPrepared<Row>(client, name, text, filled);
    return (await client.query<Row & pg.QueryResultRow>({ name, text, values: filled })).rows;
  };
}

/** PGlite: statements prepared so far, by name, with their parameters' types. */
const preparedIn = new WeakMap<PGlite, Map<string, number[]>>();

function concatenated(messages: Uint8Array[]): Uint8Array {
  const whole = new Uint8Array(messages.reduce((length, message) => length + message.length, 0));
  let at = 0;
  for (const message of messages) {
    whole.set(message, at);
    at += message.length;
  }
  return whole;
}

/**
 * PGlite's `query()` parses, describes and plans a statement on each call, in six
 * calls into the engine. A named statement is parsed once; then each run is one
 * call (bind, describe, execute, sync), and Postgres reuses its plan. In the same
 * turns as `query()`: never inside another caller's transaction.
 */
function runPrepared<Row>(client: PGlite, name: string, text: string, params: unknown[]) {
  const { serialize } = protocol;
  return client._runExclusiveTransaction(() =>
    client._runExclusiveQuery(async () => {
      const prepared = preparedIn.get(client) ?? new Map<string, number[]>();
      preparedIn.set(client, prepared);
      let types = prepared.get(name);
      if (!types) {
        const described = await client.execProtocol(
          concatenated([
            serialize.parse({ name, text, types: [] }),
            serialize.describe({ type: "S", name }),
            serialize.sync(),
          ]),
          { syncToFs: false },
        );
        types = parse.parseDescribeStatementResults(described.messages);
        prepared.set(name, types);
      }
      const values = params.map((value, i) => {
        if (value === null || value === undefined) return null;
        const serializer = client.serializers[types[i] ?? 0];
        return serializer ? serializer(value) : String(value);
      });
      // Written to the folder once, after the statement (as PGlite's own query() does).
      const { messages } = await client.execProtocol(
        concatenated([
          serialize.bind({ statement: name, values }),
          serialize.describe({ type: "P" }),
          serialize.execute({}),
          serialize.sync(),
        ]),
        { syncToFs: false },
      );
      await client.syncToFs();
      return (parse.parseResults(messages, client.parsers)[0]?.rows ?? []) as Row[];
    }),
  );
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
  /**
   * PGlite: what PostgreSQL's autovacuum does on a server, which PGlite (one
   * process, no background workers) never runs: dead rows cleared, the planner's
   * statistics taken again (decision 0035), a table at a time (decision 0097).
   */
  upkeep?: DatabaseUpkeep;
  /** PostgreSQL: the pool's connections now (the metrics); absent on PGlite. */
  pool?: () => { total: number; idle: number; waiting: number; max: number };
  /** PostgreSQL: a new connection outside the pool, for one that is held for good (LISTEN). */
  dedicatedClient?: () => pg.Client;
  close(): Promise<void>;
}

/** Vacuuming and analysing, table by table: each one a step the requests can come between. */
export interface DatabaseUpkeep {
  /** Every table of the app's, schema-qualified and quoted, the longest unvacuumed first. */
  tables(): Promise<string[]>;
  /** `VACUUM (ANALYZE)` of one table named by `tables()`. */
  vacuum(table: string): Promise<void>;
}

export type DatabaseSource = (
  | { kind: "postgres"; url: string }
  | { kind: "pglite"; dataDir?: string; client?: PGlite }
) & {
  /** Hears each statement the app sends through Drizzle (the tests count them per request). */
  onStatement?: (statement: string) => void;
};

/** Drizzle's options: the schema, and a logger only when someone listens. */
function drizzleOptions(onStatement: DatabaseSource["onStatement"]) {
  return onStatement
    ? { schema, logger: { logQuery: (statement: string) => onStatement(statement) } }
    : { schema };
}

const MIGRATION_LOCK = 7_318_201; // any constant shared by every instance
const POOL_SIZE = 10;
/**
 * How long a query waits for a connection to open: a server that does not
 * answer at all (a network cut, not a restart, which refuses at once) must not
 * hold a request past the 10 s a caller is promised an answer within
 * (docs/operations.md); the request gets a 503 instead.
 */
const CONNECT_TIMEOUT_MS = 5_000;
/**
 * PGlite's page cache, inside the process (initdb's default is 128MB, and WebAssembly
 * memory is never given back): the files stay in the system's cache behind it
 * (decision 0025).
 */
const PGLITE_SHARED_BUFFERS = "32MB";
/**
 * What the planner counts for reading a page out of order, against 1 for the next
 * one (PostgreSQL's default is 4, for disks): PGlite's pages are in its memory or
 * the system's cache, where an index probe costs about what a page of a scan does.
 * With 4, a batch of a few sessions' reads scanned the whole sessions table (decision 0035).
 */
const PGLITE_RANDOM_PAGE_COST = "1.1";

/** Opens the database and brings its schema up to date: same migrations on both engines. */
export async function openDatabase(source: DatabaseSource): Promise<Database> {
  if (source.kind === "postgres") return openPostgres(source.url, source.onStatement);

  let client = source.client;
  const dataDir = client ? undefined : source.dataDir;
  let unlock = async () => {};
  if (!client) {
    if (source.dataDir) {
      makePrivateDir(source.dataDir);
      unlock = await lockDataDir(source.dataDir);
      try {
        // Under the lock: a new folder gets the build's empty cluster, not initdb's peak.
        unpackCluster(clusterArchive(paths.serverDist), source.dataDir);
      } catch (error) {
        await unlock();
        throw error;
      }
    }
    client = new PGlite(source.dataDir, {
      startParams: [
        ...PGlite.defaultStartParams,
        ...["-c", `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
        ...["-c", `random_page_cost=${PGLITE_RANDOM_PAGE_COST}`],
      ],
    });
  }
  const pglite = client;
  try {
    const db = drizzlePglite(pglite, drizzleOptions(source.onStatement));
    await migratePglite(db, { migrationsFolder: paths.migrations });
    return {
      db: db as unknown as Db,
      kind: "pglite",
      ping: () => ping(() => pglite.query("SELECT 1")),
      upkeep: {
        // PGlite keeps no counts of changed rows (no statistics collector runs), but it
        // does keep when each table was last vacuumed.
        tables: async () =>
          (
            await pglite.query<{ name: string }>(
              `SELECT format('%I.%I', schemaname, relname) AS name FROM pg_stat_user_tables
              ORDER BY last_vacuum NULLS FIRST, schemaname, relname`,
            )
          ).rows.map((row) => row.name),
        vacuum: async (table) => {
          await pglite.exec(`VACUUM (ANALYZE) ${table}`);
        },
      },
      // PGlite takes the dump between queries, never inside one: a transaction still
      // open is rolled back when the dump is loaded, as after a crash.
      folder: dataDir ? { dataDir, dump: () => dumpFolder(pglite) } : undefined,
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

/** A pool on a PostgreSQL server, its schema brought up to date under an advisory lock. */
async function openPostgres(
  url: string,
  onStatement?: DatabaseSource["onStatement"],
): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: POOL_SIZE,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // A connection whose server vanished without a word is found out and replaced.
    keepAlive: true,
  });
  // An idle connection the server ends (a restart, a dropped test database) is
  // replaced by the pool; without a listener its error would crash the process.
  pool.on("error", () => {});
  const db = drizzlePg(pool, drizzleOptions(onStatement));
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
    pool: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: POOL_SIZE,
    }),
    dedicatedClient: () =>
      new pg.Client({
        connectionString: url,
        connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
        keepAlive: true,
      }),
    close: () => pool.end(),
  };
}

async function ping(query: () => Promise<unknown>): Promise<boolean> {
  try {
    await query();
    return true;
  } catch {
    return false;
  }
}
