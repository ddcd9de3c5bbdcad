import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export class DataDirInUseError extends Error {}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * PGlite's folder must never be open in two processes at once: that corrupts it.
 * A pid file claims the folder; a file left by a process that is gone is taken over.
 * Returns the release function.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = join(dataDir, "server.pid");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: "wx" });
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number(readFileSync(file, "utf8"));
      if (Number.isInteger(owner) && owner > 0 && isRunning(owner)) {
        throw new DataDirInUseError(
          `Another eitheror server (pid ${owner}) is using the database in ${dataDir}. Stop it, or set DATA_DIR to another folder. (If no such server runs, delete ${file}.)`,
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not claim ${dataDir} for the database.`);
}
