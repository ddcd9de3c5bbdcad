import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app";
import type { Database } from "../../db/client";
import { emailLinkTokens, jobRuns } from "../../db/schema";
import { createClock } from "../../lib/clock";
import { createJobRunner } from "./service";
import { databaseUpkeepJob } from "./upkeep";

let t: TestApp;
let other: Database;
beforeAll(async () => {
  t = await createTestApp();
  other = await t.database.openAnother();
});
afterAll(async () => {
  await other?.close();
  await t?.close();
});

const quiet = { warn: () => {} };
const MINUTE = 60_000;

describe("a job shared by two instances on one database", () => {
  it("runs once per period however many instances ask at once", async () => {
    const clock = createClock();
    let runs = 0;
    const job = { name: "count-once", everyMs: 10 * MINUTE, run: async () => void runs++ };
    // Two instances: two runners, each on its own handle (its own pool on PostgreSQL).
    const first = createJobRunner({ db: t.db, clock, log: quiet });
    const second = createJobRunner({ db: other.db, clock, log: quiet });
    first.register(job);
    second.register(job);

    await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? first : second).runDue()));
    expect(runs).toBe(1);

    clock.advance(9 * MINUTE);
    await Promise.all([first.runDue(), second.runDue()]);
    expect(runs).toBe(1);

    clock.advance(MINUTE);
    await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? first : second).runDue()));
    expect(runs).toBe(2);
  });

  it("logs a failed run and tries again the next period", async () => {
    const clock = createClock();
    const warnings: string[] = [];
    let attempts = 0;
    const runner = createJobRunner({
      db: t.db,
      clock,
      log: { warn: (_details: object, message: string) => void warnings.push(message) },
    });
    runner.register({
      name: "fails-once",
      everyMs: MINUTE,
      run: async () => {
        attempts++;
        if (attempts === 1) throw new Error("boom");
      },
    });
    await runner.runDue();
    expect(warnings).toEqual(["background job failed"]);
    clock.advance(MINUTE);
    await runner.runDue();
    expect(attempts).toBe(2);
    expect(warnings).toHaveLength(1);
  });
});

describe("stopping", () => {
  it("waits for a run under way, so the database can close after it", async () => {
    const clock = createClock();
    const steps: string[] = [];
    const runner = createJobRunner({ db: t.db, clock, log: quiet });
    runner.register({
      name: "slow-one",
      everyMs: MINUTE,
      run: async () => {
        await new Promise((resolve) => setTimeout(resolve, 200));
        steps.push("job finished");
      },
    });
    const running = runner.runDue();
    await new Promise((resolve) => setTimeout(resolve, 50));
    await runner.stop();
    steps.push("stopped");
    await running;
    expect(steps).toEqual(["job finished", "stopped"]);
    // Stopped for good: a later call runs nothing.
    clock.advance(MINUTE);
    await runner.runDue();
    expect(steps).toEqual(["job finished", "stopped"]);
  });
});

describe("the test clock", () => {
  it("runs every job that is due at the new time before it answers", async () => {
    const hour = 60 * MINUTE;
    await t.db.insert(emailLinkTokens).values({
      tokenHash: "expired-long-ago",
      email: "old@example.test",
      purpose: "sign-in",
      expiresAt: new Date(Date.now() - hour),
    });
    const moved = await t.client().post("/api/test/clock", { body: { advanceMs: 26 * hour } });
    expect(moved.status).toBe(200);
    // The hourly clean-up ran: the token expired more than a day before the new now.
    const left = await t.db
      .select()
      .from(emailLinkTokens)
      .where(eq(emailLinkTokens.tokenHash, "expired-long-ago"));
    expect(left).toEqual([]);
  });

  it.each([
    ["another machine on the network", { remoteAddress: "192.168.1.23" }],
    ["a proxy on this machine", { headers: { "x-forwarded-for": "127.0.0.1" } }],
  ])("does not move for %s", async (_who, from) => {
    const before = await t.client().post<{ data: { now: string } }>("/api/test/clock", {
      body: { advanceMs: 0 },
    });
    const refused = await t.client().post<{ error: { message: string } }>("/api/test/clock", {
      body: { advanceMs: 60 * MINUTE },
      ...from,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe("The test clock moves only from this machine.");
    const after = await t.client().post<{ data: { now: string } }>("/api/test/clock", {
      body: { advanceMs: 0 },
    });
    // Only the real time between the two reads passed, not the hour asked for.
    expect(Date.parse(after.body.data.now) - Date.parse(before.body.data.now)).toBeLessThan(
      60 * MINUTE,
    );
  });
});

describe("the database's upkeep (decision 0035)", () => {
  const relation = async () => {
    const result = await t.db.execute(
      sql`SELECT reltuples::int AS tuples, relallvisible::int AS visible FROM pg_class WHERE relname = 'upkeep_probe'`,
    );
    return (result as unknown as { rows: { tuples: number; visible: number }[] }).rows[0];
  };

  it("on PGlite, which runs no autovacuum, clears dead rows and takes the planner's statistics", async () => {
    const { upkeep } = t.database;
    const registered = await t.db.select().from(jobRuns).where(eq(jobRuns.name, "database-upkeep"));
    if (t.database.kind === "postgres") {
      // The server's autovacuum does it.
      expect(upkeep).toBeUndefined();
      expect(registered).toEqual([]);
      return;
    }
    expect(registered).toHaveLength(1);
    if (!upkeep) throw new Error("PGlite has no upkeep");
    await t.db.execute(sql`CREATE TABLE upkeep_probe (id int PRIMARY KEY, n int NOT NULL)`);
    await t.db.execute(sql`INSERT INTO upkeep_probe SELECT g, 0 FROM generate_series(1, 1000) g`);
    await t.db.execute(sql`UPDATE upkeep_probe SET n = n + 1`);
    // Never vacuumed nor analysed: the planner guesses the table's size.
    expect(await relation()).toEqual({ tuples: -1, visible: 0 });

    await databaseUpkeepJob(upkeep).run();
    const after = await relation();
    expect(after?.tuples).toBe(1000);
    // Only a vacuum marks pages all-visible: the dead versions are gone.
    expect(after?.visible).toBeGreaterThan(0);
    await t.db.execute(sql`DROP TABLE upkeep_probe`);
  });

  it("on PGlite, takes one table at a time, the one vacuumed longest ago first (decision 0097)", async () => {
    const { upkeep } = t.database;
    if (!upkeep) return expect(t.database.kind).toBe("postgres");
    await databaseUpkeepJob(upkeep).run();
    await t.db.execute(sql`CREATE TABLE upkeep_new (id int PRIMARY KEY)`);
    const tables = await upkeep.tables();
    expect(tables[0]).toBe("public.upkeep_new");
    expect(tables).toEqual(expect.arrayContaining(["public.rounds", "public.outbox"]));

    await upkeep.vacuum("public.upkeep_new");
    expect((await upkeep.tables()).at(-1)).toBe("public.upkeep_new");
    await t.db.execute(sql`DROP TABLE upkeep_new`);
  });
});
