// A PostgreSQL server of the test's own, in a temporary folder on a free port:
// a test may stop and start it under a running app without touching the
// machine's shared server, which other test runs use.
import { execFile, execFileSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { freePort } from "./server-process";

/** Where Debian puts a version's programs (initdb and pg_ctl are not on PATH). */
function binDir(): string {
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((version) => existsSync(join(root, version, "bin", "initdb")))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const newest = versions[0];
  if (!newest) {
    throw new Error(
      "No PostgreSQL server programs in /usr/lib/postgresql/*/bin: install Debian's postgresql",
    );
  }
  return join(root, newest, "bin");
}

export interface PrivatePostgres {
  /** postgres://postgres@127.0.0.1:<port>/<database> */
  url(database: string): string;
  createDatabase(name: string): Promise<void>;
  /** Stops at once, as a crash or a pulled plug would (`pg_ctl stop -m immediate`). */
  stop(): Promise<void>;
  /** Starts again on the same folder and port; PostgreSQL replays its log first. */
  start(): Promise<void>;
  /** Stops it and removes its folder. */
  remove(): Promise<void>;
}

/**
 * initdb in a temporary folder and pg_ctl start, as the `postgres` user when
 * run as root (PostgreSQL refuses to run as root). Trust authentication on
 * 127.0.0.1 only, and its socket in its own folder.
 */
export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = binDir();
  const folder = mkdtempSync(join(tmpdir(), "eitheror-pg-"));
  const data = join(folder, "data");
  const port = await freePort();
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    execFileSync("chown", ["postgres:postgres", folder]);
    chmodSync(folder, 0o700);
  }
  const command = (program: string, args: string[]) =>
    asRoot
      ? (["runuser", ["-u", "postgres", "--", join(bin, program), ...args]] as const)
      : ([join(bin, program), args] as const);
  // Not the sync kind during a test: the app's callers in this process must keep going.
  const run = async (program: string, args: string[]) => {
    const [file, argv] = command(program, args);
    await promisify(execFile)(file, argv, { cwd: folder });
  };
  const [initdb, initArgs] = command("initdb", [
    ...["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"],
  ]);
  execFileSync(initdb, initArgs, { stdio: "pipe", cwd: folder });
  const options = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c max_connections=50`;
  const start = () =>
    run("pg_ctl", ["-D", data, "-l", join(folder, "log"), "-o", options, "-w", "start"]);
  const stop = () => run("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
  await start();
  const url = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  return {
    url,
    async createDatabase(name) {
      const client = new pg.Client({ connectionString: url("postgres") });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE "${name}"`);
      } finally {
        await client.end();
      }
    },
    stop,
    start,
    async remove() {
      await stop().catch(() => {}); // already stopped
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
