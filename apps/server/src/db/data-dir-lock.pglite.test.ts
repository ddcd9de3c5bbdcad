import { type ChildProcess, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { once } from "node:events";
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { killHard, runTs, startServer as startServerChild } from "../../test/server-process";
import { DataDirInUseError, LOCK_FILE, lockDataDir, makePrivateDir } from "./data-dir-lock";

const serverRoot = fileURLToPath(new URL("../..", import.meta.url));
const holderScript = join(serverRoot, "test/fixtures/hold-data-dir.ts");

const dirs: string[] = [];
const children: ChildProcess[] = [];
function freshDir() {
  const dir = mkdtempSync(join(tmpdir(), "eitheror-lock-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function run(args: string[]) {
  const started = runTs(args);
  children.push(started.child);
  return started;
}

async function holdInChild(dir: string) {
  const holder = run([holderScript, dir]);
  await expect.poll(holder.output, { timeout: 20_000 }).toContain("locked");
  return holder.child;
}

describe("lockDataDir", () => {
  it("refuses a second claim while held, naming the holder, and frees the folder on release", async () => {
    const dir = freshDir();
    const release = await lockDataDir(dir);
    await expect(lockDataDir(dir)).rejects.toThrow(DataDirInUseError);
    await expect(lockDataDir(dir)).rejects.toThrow(`pid ${process.pid}`);
    await release();
    await (await lockDataDir(dir))();
  });

  it("finds the holder through another path to the same folder", async () => {
    const dir = freshDir();
    const link = join(freshDir(), "same-folder");
    symlinkSync(dir, link);
    const release = await lockDataDir(dir);
    await expect(lockDataDir(link)).rejects.toThrow(DataDirInUseError);
    await release();
  });

  it("refuses a folder another live process holds, and takes it at once after that process is killed", async () => {
    const dir = freshDir();
    const holder = await holdInChild(dir);
    await expect(lockDataDir(dir)).rejects.toThrow(`pid ${holder.pid}`);
    await killHard(holder);
    // No waiting, no clean-up by hand: the crashed holder's claim died with it.
    await (await lockDataDir(dir))();
  });

  it("ignores a pid file, even one naming a live process (a container reuses pids)", async () => {
    const dir = freshDir();
    writeFileSync(join(dir, "server.pid"), String(process.pid));
    const release = await lockDataDir(dir);
    await release();
  });
});

/** The name the lock of earlier versions bound: an abstract socket anyone on the machine may take. */
function oldLockName(dir: string) {
  const { dev, ino } = statSync(dir);
  const id = createHash("sha256").update(`${dev}:${ino}`).digest("hex").slice(0, 32);
  return `\0eitheror-data-${id}`;
}

/** Another process holding `address` (the way a local squatter would), until killed. */
async function squat(address: string) {
  const script = `require("node:net").createServer().listen(${JSON.stringify(address)}, () => console.log("bound"))`;
  const child = spawn(process.execPath, ["-e", script], { stdio: ["ignore", "pipe", "inherit"] });
  children.push(child);
  const [line] = await once(child.stdout, "data");
  expect(String(line)).toContain("bound");
  return child;
}

describe("the lock's place", () => {
  it("is a socket file inside the data folder, which is this user's alone, gone on release", async () => {
    const dir = join(freshDir(), "data");
    makePrivateDir(dir);
    const release = await lockDataDir(dir);
    expect(statSync(join(dir, LOCK_FILE)).isSocket()).toBe(true);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    await release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
  });

  it("cannot be taken from outside the folder: a squatter on the old lock's name does not stop a claim", async () => {
    const dir = freshDir();
    // Before this fix, any local user binding this name kept the server from starting.
    await squat(oldLockName(dir));
    const release = await lockDataDir(dir);
    await expect(lockDataDir(dir)).rejects.toThrow(`pid ${process.pid}`);
    await release();
  });

  it("clears a dead holder's socket file, or anything else left under its name", async () => {
    const dir = freshDir();
    writeFileSync(join(dir, LOCK_FILE), "left over");
    await (await lockDataDir(dir))();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
  });

  it("works in a folder whose path is longer than a socket address holds", async () => {
    const dir = join(freshDir(), "a-folder-name-long-enough".repeat(6));
    mkdirSync(dir);
    expect(Buffer.byteLength(join(dir, LOCK_FILE))).toBeGreaterThan(108);
    const release = await lockDataDir(dir);
    expect(statSync(join(dir, LOCK_FILE)).isSocket()).toBe(true);
    await expect(lockDataDir(dir)).rejects.toThrow(DataDirInUseError);
    await release();
    await (await lockDataDir(dir))();
  });
});

describe("makePrivateDir", () => {
  it("creates the folder for this user only, and tightens one that was open", () => {
    const dir = join(freshDir(), "data");
    makePrivateDir(dir);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    const open = freshDir();
    chmodSync(open, 0o777);
    makePrivateDir(open);
    expect(statSync(open).mode & 0o777).toBe(0o700);
  });
});

async function startServer(dataDir: string) {
  const server = await startServerChild({ DATA_DIR: dataDir });
  children.push(server.child);
  return server;
}

describe("the embedded database's server", () => {
  it("starts beside a squatter on the old lock's name, restarts at once after SIGKILL, and a second live server is refused", async () => {
    const dataDir = freshDir();
    // A local user on the name the lock of earlier versions took: no longer in the way.
    await squat(oldLockName(dataDir));
    const first = await startServer(dataDir);
    await expect.poll(first.ready, { timeout: 120_000, interval: 200 }).toBe(200);

    const second = await startServer(dataDir);
    const [code] = await once(second.child, "exit");
    expect(code).toBe(1);
    expect(second.output()).toContain(
      `Another eitheror server (pid ${first.child.pid}) is using the database in ${dataDir}`,
    );

    await killHard(first.child);
    // What the old pid-file lock tripped over: a file naming a live process.
    writeFileSync(join(dataDir, "server.pid"), String(process.pid));
    const restarted = await startServer(dataDir);
    await expect.poll(restarted.ready, { timeout: 120_000, interval: 200 }).toBe(200);
  }, 300_000);
});
