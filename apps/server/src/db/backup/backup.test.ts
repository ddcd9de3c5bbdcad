import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, openAsBlob, readdirSync, statSync, writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import {
  type GetSelectionResponse,
  getSelectionResponseSchema,
} from "@eitheror/shared/global-dilemma/schema";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { injectTransport, TestClient } from "../../../test/app";
import { testDbKind } from "../../../test/db";
import {
  createDatabase,
  databaseUrl,
  dropDatabase,
  uniqueDatabaseName,
} from "../../../test/postgres";
import { tarOf } from "../../../test/tar";
import { buildApp } from "../../app";
import { loadConfig } from "../../config";
import { type Database, openDatabase } from "../client";
import { lockDataDir } from "../data-dir-lock";
import { seedDilemmaBank } from "../seed/seed";
import { BackupError, backUp, restoreBackup } from "./backup";
import { moveToPostgres, openBackupForMove, openFolderForMove } from "./move";

const AUTH_SECRET = randomBytes(32).toString("base64url");
const COUNTED = ["users", "sessions", "global_selections", "global_dilemmas"] as const;
const BURST = 25;

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "eitheror-backup-"));
});
afterAll(() => rm(root, { recursive: true, force: true }));

/** A migrated, seeded PGlite folder: from the suite's template where there is one. */
async function embeddedFolder(name: string): Promise<string> {
  const dataDir = join(root, name);
  if (testDbKind() === "pglite") {
    const template = await openAsBlob(inject("pgliteTemplate"));
    await (await PGlite.create({ dataDir, loadDataDir: template })).close();
    return dataDir;
  }
  const database = await openDatabase({ kind: "pglite", dataDir });
  await seedDilemmaBank(database.db);
  await database.close();
  return dataDir;
}

/** The app as server.ts runs it, on a database the test opened; the same secret for every app. */
async function startApp(database: Database, dataDir: string) {
  const config = loadConfig({
    APP_ENV: "test",
    DATA_DIR: dataDir,
    AUTH_SECRET,
    SIGN_IN_LIMIT_PER_IP: "100000",
  });
  const app = await buildApp({ config, database });
  const client = () => new TestClient(injectTransport(app), config.publicUrl);
  return { app, client };
}

type Started = Awaited<ReturnType<typeof startApp>>;

async function todayId(client: TestClient): Promise<string> {
  const response = await client.get<{ data: { globalDilemmaData: { id: string } } }>(
    "/api/dilemmas/global",
  );
  expect(response.status).toBe(200);
  return response.body.data.globalDilemmaData.id;
}

async function chooser({ client }: Started, option: "A" | "B") {
  const browser = client();
  await browser.signInAnonymously();
  const id = await todayId(browser);
  const chosen = await browser.post(`/api/dilemmas/global/${id}/selection`, { body: { option } });
  expect(chosen.status).toBe(200);
  return browser;
}

async function countsIn(query: (sql: string) => Promise<number>) {
  const counts: Record<string, number> = {};
  for (const table of COUNTED)
    counts[table] = await query(`SELECT count(*)::int AS n FROM ${table}`);
  return counts;
}

const pgliteCounts = (client: PGlite) =>
  countsIn(async (sql) => (await client.query<{ n: number }>(sql)).rows[0]?.n ?? 0);

describe("backup while writes are served, restore, move", () => {
  it("takes a consistent backup through the server's socket, restores it, and moves it to PostgreSQL", async () => {
    const dataDir = await embeddedFolder("live");
    const database = await openDatabase({ kind: "pglite", dataDir });
    const running = await startApp(database, dataDir);
    const early = await chooser(running, "A");
    const counted = () =>
      countsIn(async (query) => {
        const result = (await database.db.execute(sql.raw(query))) as unknown as {
          rows: { n: number }[];
        };
        return result.rows[0]?.n ?? 0;
      });
    const before = await counted();

    const file = join(root, "backups", "live.tar.gz");
    const burst = Promise.all(
      Array.from({ length: BURST }, (_, i) => chooser(running, i % 2 ? "A" : "B")),
    );
    const taken = await backUp(dataDir, file);
    await burst;
    const after = await counted();
    await running.app.close();
    await database.close();

    expect(taken.via).toBe("running server");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(join(root, "backups")).mode & 0o777).toBe(0o700);

    const restoredDir = join(root, "restored");
    await restoreBackup(file, restoredDir);
    const restored = new PGlite(restoredDir);
    const afterRestore = await pgliteCounts(restored);
    await restored.close();
    for (const table of COUNTED) {
      expect(afterRestore[table], table).toBeGreaterThanOrEqual(before[table] ?? 0);
      expect(afterRestore[table], table).toBeLessThanOrEqual(after[table] ?? 0);
    }

    if (testDbKind() !== "postgres") return;
    await moveAndServe(file, afterRestore, early);
  });
});

/** The move from the backup file, then the app on PostgreSQL serving the same rows and the same session. */
async function moveAndServe(file: string, expected: Record<string, number>, early: TestClient) {
  const adminUrl = process.env.TEST_DATABASE_URL as string;
  const name = uniqueDatabaseName("file");
  await createDatabase(adminUrl, name);
  const url = databaseUrl(adminUrl, name);
  try {
    const { source, done } = await openBackupForMove(file);
    const counts = await moveToPostgres(source, url).finally(done);
    for (const count of counts) expect(count.target, count.table).toBe(count.source);
    // Every table moves, the daily roll-up's too (the move reads them from the catalog).
    expect(counts.map((count) => count.table)).toEqual(
      expect.arrayContaining(["global_day_rollups", "user_streaks"]),
    );
    for (const table of COUNTED) {
      expect(counts.find((c) => c.table === table)?.target, table).toBe(expected[table]);
    }

    const database = await openDatabase({ kind: "postgres", url });
    const moved = await startApp(database, join(root, "unused"));
    try {
      const browser = moved.client();
      for (const [cookie, value] of early.cookies) browser.cookies.set(cookie, value);
      const id = await todayId(browser);
      const mine = await browser.get<GetSelectionResponse>(`/api/dilemmas/global/${id}/selection`);
      expect(mine.status).toBe(200);
      const { data } = getSelectionResponseSchema.parse(mine.body);
      expect(data.globalDilemmaSelection).toMatchObject({ optionSelected: "A" });
      expect(data.globalDilemmaData.countA + data.globalDilemmaData.countB).toBe(
        expected.global_selections,
      );
    } finally {
      await moved.app.close();
      await database.close();
    }
  } finally {
    await dropDatabase(adminUrl, name);
  }
}

/** `npm run db:restore FILE` into `dataDir`, as an operator runs it. */
function restoreCli(file: string, dataDir: string) {
  return spawnSync(
    process.execPath,
    ["node_modules/tsx/dist/cli.mjs", "apps/server/src/cli/db.ts", "restore", file],
    { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" }, encoding: "utf8" },
  );
}

describe("a malformed backup", () => {
  let whole: Buffer;
  beforeAll(async () => {
    const source = await PGlite.create();
    whole = Buffer.from(await (await source.dumpDataDir("gzip")).arrayBuffer());
    await source.close();
  });

  const cases: [string, () => Buffer, RegExp][] = [
    ["an empty file", () => Buffer.alloc(0), /is empty: not a backup/],
    ["text", () => Buffer.from("these are my notes\n"), /neither a gzip file nor a tar archive/],
    ["a gzip of text", () => gzipSync("just text\n"), /a gzip file, but what it holds is no tar/],
    [
      "a gzip cut short",
      () => whole.subarray(0, whole.length / 2),
      /truncated: its gzip stream stops/,
    ],
    [
      "a damaged gzip",
      () => Buffer.concat([whole.subarray(0, 10), Buffer.alloc(200, 7)]),
      /is a damaged gzip file/,
    ],
    [
      "a tar cut inside a file",
      () => gzipSync(gunzipSync(whole).subarray(0, 4 * 1024 * 1024 + 700)),
      /truncated: its archive stops early/,
    ],
    [
      "a tar of something else",
      () => gzipSync(tarOf([{ name: "/notes.txt", content: "mine" }])),
      /holds no PG_VERSION/,
    ],
    [
      "a PG_VERSION and nothing else",
      () => gzipSync(tarOf([{ name: "/PG_VERSION", content: "17\n" }])),
      /a database folder that does not open/,
    ],
  ];

  it.each(cases)(
    "%s: says what is wrong, restores nothing, and the folder stays free",
    async (_, bytes, message) => {
      const file = join(root, `malformed-${randomBytes(4).toString("hex")}.tar.gz`);
      writeFileSync(file, bytes());
      const dataDir = join(root, `restored-${randomBytes(4).toString("hex")}`);
      const refused = await restoreBackup(file, dataDir).then(
        () => null,
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(BackupError);
      expect((refused as Error).message).toMatch(message);
      expect((refused as Error).message).toContain(file);
      expect(existsSync(dataDir) ? readdirSync(dataDir) : []).toEqual([]);
    },
  );

  it("is one readable line from npm run db:restore, and a failed exit", () => {
    const file = join(root, "notes.tar.gz");
    writeFileSync(file, "these are my notes\n");
    const cli = restoreCli(file, join(root, "cli-restore"));
    expect(cli.status).toBe(1);
    expect(cli.stderr.trim()).toMatch(/^\S+notes\.tar\.gz is not a backup: neither a gzip file/);
    expect(cli.stderr.trim().split("\n")).toHaveLength(1);
    expect(cli.stderr).not.toMatch(/\n\s+at /);
  });
});

describe("refusals", () => {
  it("restores into no folder that holds anything", async () => {
    const backup = join(root, "any.tar.gz");
    writeFileSync(backup, "not read");
    const full = join(root, "full");
    mkdirSync(full);
    writeFileSync(join(root, "full", "keep.txt"), "mine");
    await expect(restoreBackup(backup, full)).rejects.toThrow(/is not empty/);
    expect(readdirSync(full)).toContain("keep.txt");
  });

  it("does not back up, nor move, a folder a server holds without its socket; backs it up once free", async () => {
    const dataDir = await embeddedFolder("held");
    const unlock = await lockDataDir(dataDir);
    try {
      await expect(backUp(dataDir, join(root, "held.tar.gz"))).rejects.toThrow(BackupError);
      await expect(openFolderForMove(dataDir)).rejects.toThrow(/--from FILE/);
      expect(existsSync(join(root, "held.tar.gz"))).toBe(false);
    } finally {
      await unlock();
    }
    const stopped = await backUp(dataDir, join(root, "stopped.tar.gz"));
    expect(stopped.via).toBe("folder");
  });

  // A PostgreSQL target is the postgres project's: only it has a server to move into.
  if (testDbKind() === "postgres")
    it("moves into no database that holds tables", async () => {
      const adminUrl = process.env.TEST_DATABASE_URL as string;
      const name = uniqueDatabaseName("file");
      await createDatabase(adminUrl, name);
      const url = databaseUrl(adminUrl, name);
      try {
        await (await openDatabase({ kind: "postgres", url })).close();
        const source = new PGlite();
        await expect(moveToPostgres(source, url)).rejects.toThrow(/is not empty/);
        await source.close();
      } finally {
        await dropDatabase(adminUrl, name);
      }
    });

  it("says that on PostgreSQL backups are pg_dump's", () => {
    const cli = spawnSync(
      process.execPath,
      ["node_modules/tsx/dist/cli.mjs", "apps/server/src/cli/db.ts", "backup"],
      {
        env: { ...process.env, DATABASE_URL: "postgres://nobody@127.0.0.1:1/none" },
        encoding: "utf8",
      },
    );
    expect(cli.status).toBe(1);
    expect(cli.stderr).toContain("use pg_dump");
  });
});
