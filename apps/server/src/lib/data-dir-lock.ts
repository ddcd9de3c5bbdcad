import { createHash } from "node:crypto";
import { chmodSync, mkdirSync, rmSync, statSync } from "node:fs";
import { connect, createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

export class DataDirInUseError extends Error {}

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

/**
 * Where the lock of a folder lives: a socket named after the folder's device and
 * inode, so every path to the same folder (a symlink, a bind mount) finds it. On
 * Linux it is an abstract socket, which the kernel frees the moment its process
 * dies, SIGKILL included; elsewhere a socket file whose listener is gone when its
 * process is.
 */
function lockAddress(dataDir: string): string {
  const { dev, ino } = statSync(dataDir);
  const id = createHash("sha256").update(`${dev}:${ino}`).digest("hex").slice(0, 32);
  const name = `eitheror-data-${id}`;
  return process.platform === "linux" ? `\0${name}` : join(tmpdir(), `${name}.sock`);
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

/** The pid of the live holder of `address`, or null when nobody answers there. */
function holderOf(address: string): Promise<string | null> {
  return new Promise((resolve) => {
    let answer = "";
    const socket = connect(address);
    socket.setEncoding("utf8");
    socket.on("data", (chunk) => {
      answer += chunk;
    });
    socket.on("end", () => resolve(answer || "unknown"));
    socket.on("error", () => resolve(null));
  });
}

/**
 * PGlite's folder must never be open in two processes at once: that corrupts it.
 * The lock is a listening socket, held by the operating system for this process:
 * it cannot outlive a crash, and no pid is ever compared by number (a container
 * restarts with the same pid). Resolves to the release function.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const address = lockAddress(dataDir);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const server = await listen(address);
      // Left by the pid-file lock of earlier versions; nothing reads it any more.
      rmSync(join(dataDir, "server.pid"), { force: true });
      return () => new Promise<void>((resolve) => server.close(() => resolve()));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE") throw error;
      const holder = await holderOf(address);
      if (holder !== null) {
        throw new DataDirInUseError(
          `Another eitheror server (pid ${holder}) is using the database in ${dataDir}. Stop it, or set DATA_DIR to another folder.`,
        );
      }
      // A socket file whose listener died (not Linux): nobody holds it any more.
      rmSync(address, { force: true });
    }
  }
  throw new Error(`Could not claim ${dataDir} for the database.`);
}
