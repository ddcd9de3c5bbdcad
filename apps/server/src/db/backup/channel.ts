import { createHash } from "node:crypto";
import { lstatSync, mkdirSync, rmSync, statSync } from "node:fs";
import { connect, createServer, type Server } from "node:net";
import { tmpdir, userInfo } from "node:os";
import { join, relative } from "node:path";
import { pipeline } from "node:stream/promises";
import { createGunzip } from "node:zlib";

/** Longest path a Unix socket address holds (sun_path, with its terminating NUL). */
const MAX_SOCKET_PATH = 107;

export type SocketPlace = { path: string } | { path: null; reason: string };

/**
 * Where the running server hands out backups of `dataDir`. Not inside the data
 * folder: PGlite's dump walks the whole folder and fails on a socket file. It is a
 * folder of this user's own, mode 0700, so no other local user can connect; the
 * name comes from the data folder's device and inode, so every path to the same
 * folder finds the same socket (docs/decisions/0017-backups-and-moving.md).
 */
export function backupSocketPlace(dataDir: string, base = tmpdir()): SocketPlace {
  const { dev, ino } = statSync(dataDir);
  const id = createHash("sha256").update(`${dev}:${ino}`).digest("hex").slice(0, 24);
  const absolute = join(base, `eitheror-${userInfo().uid}`, `backup-${id}.sock`);
  const fromHere = relative(process.cwd(), absolute);
  const path = fromHere.length < absolute.length ? fromHere : absolute;
  if (Buffer.byteLength(path) <= MAX_SOCKET_PATH) return { path };
  return {
    path: null,
    reason: `the socket path ${absolute} is longer than the ${MAX_SOCKET_PATH} bytes a Unix socket allows (set TMPDIR to a shorter folder)`,
  };
}

/** The socket's folder, made or checked: ours alone, or the channel is not opened. */
function privateSocketFolder(socketPath: string): void {
  const folder = join(socketPath, "..");
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  const stat = lstatSync(folder);
  const ours = stat.isDirectory() && stat.uid === userInfo().uid && (stat.mode & 0o077) === 0;
  if (!ours) throw new Error(`${folder} is not a folder of this user's alone (mode 0700)`);
}

export interface BackupChannel {
  path: string;
  close(): Promise<void>;
}

/**
 * Listens on the backup socket: whoever connects receives `dump()`'s bytes and the
 * connection ends. A dump that fails ends the connection abruptly, so the client
 * sees a truncated gzip stream rather than a backup that looks whole.
 */
export async function serveBackups(
  socketPath: string,
  dump: () => Promise<Blob>,
  report: { sent(bytes: number): void; failed(error: unknown): void },
): Promise<BackupChannel> {
  privateSocketFolder(socketPath);
  // The caller holds the data folder's lock: a socket file here is a dead server's.
  rmSync(socketPath, { force: true });
  const server: Server = createServer((socket) => {
    socket.on("error", () => {});
    dump()
      .then(async (blob) => {
        socket.end(Buffer.from(await blob.arrayBuffer()));
        report.sent(blob.size);
      })
      .catch((error) => {
        report.failed(error);
        socket.destroy();
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(socketPath, () => {
      server.off("error", reject);
      resolve();
    });
  });
  return {
    path: socketPath,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        rmSync(socketPath, { force: true });
      }),
  };
}

/**
 * Asks the server that runs on the folder for a backup. Null when no server
 * listens there (no socket, or a dead one's file).
 */
export async function fetchBackup(socketPath: string): Promise<Buffer | null> {
  const bytes = await new Promise<Buffer | null>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let connected = false;
    const socket = connect(socketPath, () => {
      connected = true;
    });
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("end", () => resolve(Buffer.concat(chunks)));
    socket.on("error", (error: NodeJS.ErrnoException) => {
      const nobody = !connected && ["ENOENT", "ECONNREFUSED"].includes(error.code ?? "");
      if (nobody) resolve(null);
      else reject(new Error(`The server broke off the backup: ${error.message}`));
    });
  });
  if (bytes === null) return null;
  await assertWholeGzip(bytes);
  return bytes;
}

/** A gzip stream cut short fails to inflate: proof that no part of the dump is missing. */
async function assertWholeGzip(bytes: Buffer): Promise<void> {
  try {
    await pipeline(
      async function* () {
        yield bytes;
      },
      createGunzip(),
      async (inflated: AsyncIterable<Buffer>) => {
        for await (const _ of inflated) {
          // Only the checksum at the end matters.
        }
      },
    );
  } catch (error) {
    throw new Error(
      `The server sent an incomplete backup (${(error as Error).message}); its log says why.`,
    );
  }
}
