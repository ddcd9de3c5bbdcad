import { PGlite, type Transaction } from "@electric-sql/pglite";
import pg from "pg";
import { openDatabase } from "../client";
import { DataDirInUseError, lockDataDir } from "../data-dir-lock";
import { assertDatabaseFolder, BackupError, readBackup } from "./backup";

/** Rows fetched from the source at a time. */
const FETCH_ROWS = 200;
/** A batch goes to PostgreSQL once it holds this many bytes of JSON (photos are large rows). */
const BATCH_BYTES = 4 * 1024 * 1024;

export interface TableCount {
  table: string;
  source: number;
  target: number;
}

const quote = (name: string) => `"public"."${name.replaceAll('"', '""')}"`;

/** The URL as it may be printed: without its password. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "the DATABASE_URL given";
  }
}

async function connectTarget(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    return client;
  } catch (error) {
    throw new BackupError(
      `Cannot connect to ${redactUrl(url)}: ${(error as Error).message}. Create the database first (createdb), then run the move again.`,
    );
  }
}

/** The move fills a new database only: anything in it could clash with or hide the copy. */
async function assertEmptyTarget(client: pg.Client, url: string): Promise<void> {
  const { rows } = await client.query<{ tables: number; migrated: boolean }>(
    `SELECT (SELECT count(*)::int FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
             WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p', 'v', 'm', 'f')) AS tables,
            to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS migrated`,
  );
  const { tables, migrated } = rows[0] ?? { tables: 0, migrated: false };
  if (tables > 0 || migrated) {
    throw new BackupError(
      `${redactUrl(url)} is not empty (${tables} tables in public${migrated ? ", a migrations table" : ""}): move into a new, empty database.`,
    );
  }
}

/** The public tables, each after every table its foreign keys point at. */
export async function tablesInForeignKeyOrder(source: PGlite): Promise<string[]> {
  const tables = await source.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND c.relkind = 'r' AND NOT c.relispartition ORDER BY 1`,
  );
  const keys = await source.query<{ child: string; parent: string }>(
    `SELECT cl.relname AS child, pr.relname AS parent FROM pg_constraint co
     JOIN pg_class cl ON cl.oid = co.conrelid JOIN pg_class pr ON pr.oid = co.confrelid
     JOIN pg_namespace n ON n.oid = cl.relnamespace
     WHERE co.contype = 'f' AND n.nspname = 'public' AND cl.oid <> pr.oid`,
  );
  const waiting = new Map(tables.rows.map(({ name }) => [name, new Set<string>()]));
  for (const { child, parent } of keys.rows) waiting.get(child)?.add(parent);
  const order: string[] = [];
  while (waiting.size > 0) {
    const ready = [...waiting].filter(([, parents]) => parents.size === 0).map(([name]) => name);
    if (ready.length === 0) {
      throw new Error(`Foreign keys form a cycle among: ${[...waiting.keys()].join(", ")}`);
    }
    for (const name of ready) {
      order.push(name);
      waiting.delete(name);
      for (const parents of waiting.values()) parents.delete(name);
    }
  }
  return order;
}

/** Streams one table through a cursor, inserting JSON batches: rows keep their exact values. */
async function copyTable(from: Transaction, to: pg.Client, table: string): Promise<void> {
  const insert = `INSERT INTO ${quote(table)} SELECT * FROM json_populate_recordset(NULL::${quote(table)}, $1::json)`;
  await from.query(
    `DECLARE move_rows NO SCROLL CURSOR FOR SELECT row_to_json(t)::text AS row FROM ${quote(table)} t`,
  );
  let batch: string[] = [];
  let bytes = 0;
  const flush = async () => {
    if (batch.length > 0) await to.query(insert, [`[${batch.join(",")}]`]);
    batch = [];
    bytes = 0;
  };
  for (;;) {
    const { rows } = await from.query<{ row: string }>(`FETCH ${FETCH_ROWS} FROM move_rows`);
    for (const { row } of rows) {
      batch.push(row);
      bytes += row.length;
    }
    if (bytes >= BATCH_BYTES || rows.length < FETCH_ROWS) await flush();
    if (rows.length < FETCH_ROWS) break;
  }
  await from.query("CLOSE move_rows");
}

/** Sequences carry on where the source left off, or new rows would reuse its ids. */
async function copySequences(from: Transaction, to: pg.Client): Promise<void> {
  const sequences = await from.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND c.relkind = 'S'`,
  );
  for (const { name } of sequences.rows) {
    const state = await from.query<{ last_value: string; is_called: boolean }>(
      `SELECT last_value::text, is_called FROM ${quote(name)}`,
    );
    const { last_value, is_called } = state.rows[0] ?? { last_value: "1", is_called: false };
    await to.query("SELECT setval($1::regclass, $2::bigint, $3)", [
      quote(name),
      last_value,
      is_called,
    ]);
  }
}

async function countRows(
  source: PGlite,
  target: pg.Client,
  tables: string[],
): Promise<TableCount[]> {
  const counts: TableCount[] = [];
  for (const table of tables) {
    const sql = `SELECT count(*)::int AS n FROM ${quote(table)}`;
    const from = await source.query<{ n: number }>(sql);
    const to = await target.query<{ n: number }>(sql);
    counts.push({ table, source: from.rows[0]?.n ?? 0, target: to.rows[0]?.n ?? 0 });
  }
  return counts;
}

/**
 * Copies an embedded database into an empty PostgreSQL database: the schema by
 * the project's migrations (both sides at the same level), the rows in one target
 * transaction, then row counts compared table by table. Drizzle's bookkeeping is
 * not copied: the target's migrations wrote its own.
 */
export async function moveToPostgres(source: PGlite, url: string): Promise<TableCount[]> {
  const target = await connectTarget(url);
  try {
    await assertEmptyTarget(target, url);
    await openDatabase({ kind: "pglite", client: source });
    await (await openDatabase({ kind: "postgres", url })).close();
    const tables = await tablesInForeignKeyOrder(source);
    await target.query("BEGIN");
    try {
      await source.transaction(async (from) => {
        for (const table of tables) await copyTable(from, target, table);
        await copySequences(from, target);
      });
      await target.query("COMMIT");
    } catch (error) {
      await target.query("ROLLBACK").catch(() => {});
      throw error;
    }
    const counts = await countRows(source, target, tables);
    const wrong = counts.filter((count) => count.source !== count.target);
    if (wrong.length > 0) {
      throw new Error(
        `Row counts differ after the move: ${wrong.map((c) => `${c.table} ${c.source} → ${c.target}`).join(", ")}`,
      );
    }
    return counts;
  } finally {
    await target.end();
  }
}

export interface MoveSource {
  source: PGlite;
  done(): Promise<void>;
}

/** A backup loaded into memory: the server that took it may go on running. */
export async function openBackupForMove(file: string): Promise<MoveSource> {
  const source = await PGlite.create({ loadDataDir: await readBackup(file) });
  return { source, done: () => source.close() };
}

/** The folder itself, which only a stopped server lets go of. */
export async function openFolderForMove(dataDir: string): Promise<MoveSource> {
  assertDatabaseFolder(dataDir);
  let unlock: () => Promise<void>;
  try {
    unlock = await lockDataDir(dataDir);
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
    throw new BackupError(
      `${error.message}\nOr move a backup instead, without stopping it: npm run db:backup, then npm run db:move -- URL --from FILE.`,
    );
  }
  const source = await PGlite.create(dataDir);
  return {
    source,
    async done() {
      await source.close();
      await unlock();
    },
  };
}
