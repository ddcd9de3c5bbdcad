import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DataDirInUseError, lockDataDir } from "./data-dir-lock";

const dirs: string[] = [];
function freshDir() {
  const dir = mkdtempSync(join(tmpdir(), "eitheror-lock-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("lockDataDir", () => {
  it("claims a folder with this process's pid and frees it on release", () => {
    const dir = freshDir();
    const release = lockDataDir(dir);
    expect(readFileSync(join(dir, "server.pid"), "utf8")).toBe(String(process.pid));
    release();
    expect(existsSync(join(dir, "server.pid"))).toBe(false);
  });

  it("refuses a folder a running process holds, naming it", () => {
    const dir = freshDir();
    const release = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirInUseError);
    expect(() => lockDataDir(dir)).toThrow(`pid ${process.pid}`);
    release();
    lockDataDir(dir)();
  });

  it("takes over a folder whose holder has exited", () => {
    const dir = freshDir();
    const exited = spawnSync(process.execPath, ["-e", "process.exit(0)"]).pid;
    writeFileSync(join(dir, "server.pid"), String(exited));
    const release = lockDataDir(dir);
    expect(readFileSync(join(dir, "server.pid"), "utf8")).toBe(String(process.pid));
    release();
  });
});
