import { randomBytes } from "node:crypto";
import {
  chmodSync,
  closeSync,
  linkSync,
  lstatSync,
  mkdirSync,
  openSync,
  renameSync,
  rmSync,
} from "node:fs";
import { connect, createServer, type Server } from "node:net";
import { join, relative, resolve } from "node:path";
import type { PGlite } from "@electric-sql/pglite";

export class DataDirInUseError extends Error {}

/**
 * The lock's socket, inside the data folder: only who may write in the folder
 * (its owner: it is 0700) can take it, so no other local user can hold it to
 * keep the server from starting (docs/decisions/0040-data-folder-lock-inside-the-folder.md).
 */
export const LOCK_FILE = "eitheror-server.sock";

/** How long a holder has to say its pid: it answers at once unless it is stopped. */
const ANSWER_WITHIN_MS = 2000;

/** Longest path a Unix socket address holds (sun_path, with its terminating NUL). */
const MAX_SOCKET_PATH = 107;

/**
 * Creates the data folder readable by this user only: PGlite writes its files
 * world-writable (0666), and the session secret lives here too.
 */
export function makePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  try {
    chmodSync(dir, 0o700);
  } catch {
    // A folder someone else owns keeps its mode; the files in it are still ours.
  }
}

interface LockAddress {
  /** What to listen on and connect to: the socket file's path, as short as it can be written. */
  address: string;
  /** The socket file itself. */
  file: string;
  /** Lets go of what the address needed (the folder's descriptor). */
  done(): void;
}

/**
 * The lock's socket as an address: the file's absolute or relative path,
 * whichever is shorter; past the 107 bytes a socket address holds, on Linux, the
 * same file through this process's descriptor of the folder (`/proc/self/fd/N/…`).
 */
function lockAddress(dataDir: string): LockAddress {
  const file = resolve(dataDir, LOCK_FILE);
  const fromHere = relative(process.cwd(), file);
  const path = fromHere.length < file.length ? fromHere : file;
  if (Buffer.byteLength(path) <= MAX_SOCKET_PATH) return { address: path, file, done: () => {} };
  if (process.platform !== "linux") {
    throw new Error(
      `The data folder's path is too long for its lock (a socket path holds ${MAX_SOCKET_PATH} bytes): ${file}. Set DATA_DIR to a shorter path.`,
    );
  }
  const folder = openSync(dataDir, "r");
  return {
    address: `/proc/self/fd/${folder}/${LOCK_FILE}`,
    file,
    done: () => closeSync(folder),
  };
}

function listen(address: string): Promise<Server> {
  // Whoever knocks learns who holds the folder.
  const server = createServer((socket) => socket.end(String(process.pid)));
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(address, () => {
      server.off("error", reject);
      server.unref();
      resolve(server);
    });
  });
}

/**
 * The pid of the live holder of `address`, or null when nobody listens there
 * (a socket file whose process died, SIGKILL included, refuses the connection).
 */
function holderOf(address: string): Promise<string | null> {
  return new Promise((resolve) => {
    let answer = "";
    const socket = connect(address);
    // A holder that takes the call but never answers (a stopped process) still holds.
    socket.setTimeout(ANSWER_WITHIN_MS, () => {
      socket.destroy();
      resolve("unknown");
    });
    socket.setEncoding("utf8");
    socket.on("data", (chunk) => {
      answer += chunk;
    });
    socket.on("end", () => resolve(answer || "unknown"));
    socket.on("error", (error: NodeJS.ErrnoException) => {
      // Anything but "nobody there" (a full backlog, a socket we may not use) counts as held.
      resolve(["ECONNREFUSED", "ENOENT"].includes(error.code ?? "") ? null : "unknown");
    });
  });
}

const inodeOf = (file: string) => {
  try {
    return lstatSync(file).ino;
  } catch {
    return null;
  }
};

/**
 * Takes away the dead socket file `stale` (its inode) was. Moved aside first, and
 * put back if what moved was not it: a server that started meanwhile may have
 * put its own live socket there, which must stay where the next claim finds it.
 */
function removeStale(file: string, stale: number): void {
  const aside = `${file}.${process.pid}-${randomBytes(4).toString("hex")}`;
  try {
    renameSync(file, aside);
  } catch {
    return; // Gone already: someone else cleared it.
  }
  if (inodeOf(aside) !== stale) {
    try {
      linkSync(aside, file);
    } catch {
      // A third claim took the place meanwhile: the next attempt meets it.
    }
  }
  rmSync(aside, { force: true });
}

/**
 * PGlite's folder must never be open in two processes at once: that corrupts it.
 * The lock is a socket listening inside the folder, held by the operating system
 * for this process: it cannot outlive a crash (a dead one's file refuses
 * connections and is cleared), and no pid is ever compared by number (a
 * container restarts with the same pid). Resolves to the release function.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const where = lockAddress(dataDir);
  try {
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        const server = await listen(where.address);
        // Left by the pid-file lock of earlier versions; nothing reads it any more.
        rmSync(join(dataDir, "server.pid"), { force: true });
        // Closing a listening socket removes its file.
        return () =>
          new Promise<void>((resolve) => server.close(() => resolve())).finally(where.done);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE") throw error;
        const stale = inodeOf(where.file);
        const holder = await holderOf(where.address);
        if (holder !== null) {
          throw new DataDirInUseError(
            `Another eitheror server (pid ${holder}) is using the database in ${dataDir}. Stop it, or set DATA_DIR to another folder.`,
          );
        }
        if (stale !== null) removeStale(where.file, stale);
      }
    }
    throw new Error(`Could not claim ${dataDir} for the database.`);
  } catch (error) {
    where.done();
    throw error;
  }
}

const lockHidden = Symbol("lockHidden");

/**
 * PGlite's gzipped dump of its folder, the lock's socket left out: the dump
 * walks the whole folder (its PGDATA) and fails on a socket, which it cannot
 * read (docs/decisions/0017-backups-and-moving.md). The folder's listing, as
 * PGlite's file system reads it, leaves the lock out from then on.
 */
export function dumpFolder(pglite: PGlite): Promise<Blob> {
  const fs = pglite.Module.FS as unknown as {
    readdir(path: string): string[];
    [lockHidden]?: true;
  };
  if (!fs[lockHidden]) {
    const readdir = fs.readdir;
    fs.readdir = (path) => readdir.call(fs, path).filter((name) => name !== LOCK_FILE);
    fs[lockHidden] = true;
  }
  return pglite.dumpDataDir("gzip");
}
