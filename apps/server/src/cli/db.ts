// `npm run db:backup [FILE]`, `npm run db:restore FILE`,
// `npm run db:move -- postgres://… [--from FILE]` (README: Backups and moving to PostgreSQL).
import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "../config";
import {
  BackupError,
  backUp,
  defaultBackupFile,
  POSTGRES_BACKUP_HINT,
  restoreBackup,
} from "../db/backup/backup";
import {
  type MoveSource,
  moveToPostgres,
  openBackupForMove,
  openFolderForMove,
  redactUrl,
  type TableCount,
} from "../db/backup/move";
import { DataDirInUseError } from "../db/data-dir-lock";

const USAGE = `Usage:
  npm run db:backup [FILE]                          back up DATA_DIR (also while the server runs)
  npm run db:restore FILE                           restore a backup into an empty DATA_DIR
  npm run db:move -- postgres://… [--from FILE]     copy DATA_DIR (or a backup) into an empty PostgreSQL database`;

function embeddedDataDir(action: string): string {
  const config = loadConfig();
  if (config.DATABASE_URL) {
    throw new BackupError(
      action === "backup"
        ? POSTGRES_BACKUP_HINT
        : `DATABASE_URL is set, so the server does not use DATA_DIR: unset it to ${action} an embedded database.`,
    );
  }
  return config.DATA_DIR;
}

async function backup(file = defaultBackupFile()) {
  const dataDir = embeddedDataDir("backup");
  const { bytes, via } = await backUp(dataDir, file);
  console.log(`Backed up ${dataDir} to ${file} (${formatBytes(bytes)}, taken by the ${via}).`);
}

async function restore(file: string | undefined) {
  if (!file) throw new BackupError(`Which backup? ${USAGE}`);
  const dataDir = embeddedDataDir("restore into");
  await restoreBackup(file, dataDir);
  console.log(`Restored ${file} into ${dataDir}. Start the server with DATA_DIR=${dataDir}.`);
}

/** The embedded database to move: a backup loaded in memory, or the stopped server's folder. */
async function openSource(from: string | undefined): Promise<MoveSource> {
  if (from) return openBackupForMove(from);
  return openFolderForMove(embeddedDataDir("move"));
}

async function move(url: string | undefined, from: string | undefined) {
  if (!url || !/^postgres(ql)?:\/\//.test(url)) {
    throw new BackupError(`Where to? Give a postgres:// URL.\n${USAGE}`);
  }
  const { source, done } = await openSource(from);
  try {
    const counts = await moveToPostgres(source, url);
    printCounts(counts);
    console.log(
      `Moved ${from ?? loadConfig().DATA_DIR} into ${redactUrl(url)}. Start the server with DATABASE_URL set to it.`,
    );
  } finally {
    await done();
  }
}

function printCounts(counts: TableCount[]) {
  const width = Math.max(...counts.map(({ table }) => table.length));
  console.log(`${"table".padEnd(width)}  embedded  postgres`);
  for (const { table, source, target } of counts) {
    console.log(
      `${table.padEnd(width)}  ${String(source).padStart(8)}  ${String(target).padStart(8)}`,
    );
  }
}

function formatBytes(bytes: number): string {
  return bytes < 1024 * 1024
    ? `${(bytes / 1024).toFixed(1)} kB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

async function main(argv: string[]) {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { from: { type: "string" } },
  });
  const [command, argument] = positionals;
  if (command === "backup") return backup(argument);
  if (command === "restore") return restore(argument);
  if (command === "move") return move(argument, values.from);
  throw new BackupError(USAGE);
}

let finished = false;
// Node exits quietly, with 0, when nothing is left to wait for: a promise that can
// never settle must not pass for a finished backup.
process.on("beforeExit", () => {
  if (finished) return;
  console.error("Stopped before the end: nothing was left to wait for. Nothing was finished.");
  process.exitCode = 1;
});

main(process.argv.slice(2))
  .then(() => {
    finished = true;
  })
  .catch((error) => {
    finished = true;
    // A refusal the operator can act on is one readable line; anything else its stack.
    const readable =
      [BackupError, ConfigError, DataDirInUseError].some((kind) => error instanceof kind) ||
      String(error?.code).startsWith("ERR_PARSE_ARGS");
    console.error(readable ? error.message : error);
    process.exitCode = 1;
  });
