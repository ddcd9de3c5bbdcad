import {
  chmodSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { dirname, join } from "node:path";
import { gunzipSync } from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import { openDatabase } from "../client";
import {
  DataDirInUseError,
  dumpFolder,
  LOCK_FILE,
  lockDataDir,
  makePrivateDir,
} from "../data-dir-lock";
import { backupSocketPlace, fetchBackup } from "./channel";
import { TarError, tarEntries } from "./tar";

/** A refusal the operator can act on: the CLI prints its message alone. */
export class BackupError extends Error {}

export const POSTGRES_BACKUP_HINT =
  "On PostgreSQL, backups are the server's own: use pg_dump (DATABASE_URL is set).";

/** `backups/eitheror-2026-11-23T14-19-09.123Z.tar.gz`: colons make a file name awkward to copy. */
export function defaultBackupFile(now = new Date()): string {
  return join("backups", `eitheror-${now.toISOString().replaceAll(":", "-")}.tar.gz`);
}

/** Throws unless `dataDir` holds a PGlite database. */
export function assertDatabaseFolder(dataDir: string): void {
  if (!existsSync(dataDir)) throw new BackupError(`There is no database folder at ${dataDir}.`);
  if (!existsSync(join(dataDir, "PG_VERSION"))) {
    throw new BackupError(`${dataDir} holds no embedded database (no PG_VERSION in it).`);
  }
}

export interface BackupResult {
  bytes: number;
  via: "running server" | "folder";
}

/**
 * Backs up the PGlite folder: through the running server's socket when one runs
 * on it (its own process alone may read a folder in use), else by opening the
 * folder under its lock.
 */
export async function backUp(dataDir: string, file: string): Promise<BackupResult> {
  assertDatabaseFolder(dataDir);
  const place = backupSocketPlace(dataDir);
  const fromServer = place.path ? await fetchBackup(place.path) : null;
  const bytes = fromServer ?? (await dumpStoppedFolder(dataDir, place));
  writePrivateFile(file, bytes);
  return { bytes: bytes.length, via: fromServer ? "running server" : "folder" };
}

async function dumpStoppedFolder(
  dataDir: string,
  place: ReturnType<typeof backupSocketPlace>,
): Promise<Buffer> {
  let unlock: () => Promise<void>;
  try {
    unlock = await lockDataDir(dataDir);
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
    const why =
      place.path === null ? place.reason : "it offers no backup socket (an older version?)";
    throw new BackupError(
      `A server is using ${dataDir}, and its backup cannot be taken while it runs: ${why}. Stop the server and run the backup again.`,
    );
  }
  try {
    // Ready before the dump: a dump queued while PGlite starts waits for it forever.
    const pglite = await PGlite.create(dataDir);
    try {
      return Buffer.from(await (await dumpFolder(pglite)).arrayBuffer());
    } finally {
      await pglite.close();
    }
  } finally {
    await unlock();
  }
}

/** Backups hold every account: readable by this user only, and never written over. */
export function writePrivateFile(file: string, bytes: Buffer): void {
  const folder = dirname(file);
  if (!existsSync(folder)) mkdirSync(folder, { recursive: true, mode: 0o700 });
  try {
    writeFileSync(file, bytes, { mode: 0o600, flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    throw new BackupError(`${file} exists already: choose another file name.`);
  }
}

function assertBackupFile(file: string): void {
  if (!existsSync(file) || !statSync(file).isFile()) {
    throw new BackupError(`There is no backup file at ${file}.`);
  }
}

/** A backup file as PGlite loads it (a tar archive), or the BackupError saying what is wrong with it. */
export async function readBackup(file: string): Promise<Blob> {
  assertBackupFile(file);
  return new Blob([backupArchive(file, readFileSync(file))]);
}

const isGzip = (bytes: Buffer) => bytes[0] === 0x1f && bytes[1] === 0x8b;

function gunzipBackup(file: string, bytes: Buffer): Buffer {
  try {
    return gunzipSync(bytes);
  } catch (error) {
    const cut = (error as NodeJS.ErrnoException).code === "Z_BUF_ERROR";
    throw new BackupError(
      cut
        ? `${file} is truncated: its gzip stream stops before its end (a copy cut short?). Nothing was restored.`
        : `${file} is a damaged gzip file (${(error as Error).message}). Nothing was restored.`,
    );
  }
}

/**
 * What a backup file holds, as the tar archive PGlite loads, checked first: a
 * gzip file (what db:backup writes; a plain tar is taken too), whole, holding a
 * tar archive, whole, of a PGlite folder (its PG_VERSION). PGlite itself would
 * fail on any of these with a stack trace that says none of it.
 */
export function backupArchive(file: string, bytes: Buffer): Buffer {
  if (bytes.length === 0) throw new BackupError(`${file} is empty: not a backup.`);
  const gzipped = isGzip(bytes);
  const tar = gzipped ? gunzipBackup(file, bytes) : bytes;
  let hasVersion = false;
  try {
    for (const entry of tarEntries(tar)) {
      if (entry.name.replace(/^\/+/, "") === "PG_VERSION") hasVersion = true;
    }
  } catch (error) {
    if (!(error instanceof TarError)) throw error;
    throw new BackupError(tarProblem(file, gzipped, error));
  }
  if (!hasVersion) {
    throw new BackupError(
      `${file} is not a backup of an embedded database: its archive holds no PG_VERSION (a PGlite folder has one). Nothing was restored.`,
    );
  }
  return tar;
}

function tarProblem(file: string, gzipped: boolean, error: TarError): string {
  if (error.kind === "not-tar") {
    return gzipped
      ? `${file} is a gzip file, but what it holds is no tar archive: not a backup (db:backup writes a .tar.gz). Nothing was restored.`
      : `${file} is not a backup: neither a gzip file nor a tar archive (db:backup writes a .tar.gz). Nothing was restored.`;
  }
  if (error.kind === "truncated") {
    return `${file} is truncated: its archive stops early (${error.message}). Nothing was restored.`;
  }
  return `${file} is damaged: ${error.message}. Nothing was restored.`;
}

/** What the folder holds, but the lock's socket (ours, while we hold it). */
const contentsOf = (dataDir: string) =>
  existsSync(dataDir) ? readdirSync(dataDir).filter((name) => name !== LOCK_FILE) : [];

function assertEmptyFolder(dataDir: string): void {
  if (contentsOf(dataDir).length > 0) {
    throw new BackupError(
      `${dataDir} is not empty: restore into an empty or new folder (set DATA_DIR); nothing was overwritten.`,
    );
  }
}

/**
 * Opens (and migrates) the folder a backup was just unpacked into. One that does
 * not open is emptied again, which it was (the caller checked, under the lock), so
 * the next try finds it as before.
 */
async function openRestored(file: string, dataDir: string, backup: Blob): Promise<void> {
  try {
    const client = await PGlite.create({ dataDir, loadDataDir: backup });
    const database = await openDatabase({ kind: "pglite", client });
    await database.close();
  } catch (error) {
    for (const name of contentsOf(dataDir)) {
      rmSync(join(dataDir, name), { recursive: true, force: true });
    }
    throw new BackupError(
      `${file} holds a database folder that does not open (${(error as Error).message}). Nothing was restored.`,
    );
  }
}

/**
 * Restores a backup into an empty (or missing) folder, then migrates it, so a
 * backup taken by an older version opens in this one. Never writes over a folder
 * that holds anything.
 */
export async function restoreBackup(file: string, dataDir: string): Promise<void> {
  assertBackupFile(file);
  if (existsSync(dataDir) && !statSync(dataDir).isDirectory()) {
    throw new BackupError(`${dataDir} is a file, not a folder.`);
  }
  assertEmptyFolder(dataDir);
  const backup = await readBackup(file);
  makePrivateDir(dataDir);
  const unlock = await lockDataDir(dataDir);
  try {
    // Again under the lock: a server starting meanwhile would have filled the folder.
    assertEmptyFolder(dataDir);
    await openRestored(file, dataDir, backup);
    // PGlite writes its files 0666; the secret keeps the mode loadAuthSecret gives it.
    const secret = join(dataDir, "auth-secret");
    if (existsSync(secret)) chmodSync(secret, 0o600);
  } finally {
    await unlock();
  }
}
