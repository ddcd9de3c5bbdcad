import { dilemmaKey } from "@eitheror/shared/dilemmas/rules";
import { dilemmaTextSchema } from "@eitheror/shared/dilemmas/schema";
import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../../test/db";
import type { Database } from "../client";
import { dilemmas } from "../schema";
import bank from "./dilemmas.json" with { type: "json" };
import { dilemmaBank, seedDilemmaBank } from "./seed";

const MIN_BANK_SIZE = 300;

describe("the dilemma bank", () => {
  it(`holds at least ${MIN_BANK_SIZE} dilemmas`, () => {
    expect(bank.length).toBeGreaterThanOrEqual(MIN_BANK_SIZE);
    expect(dilemmaBank).toHaveLength(bank.length);
  });

  it("has every entry valid, already trimmed, with two different options", () => {
    const problems = bank.flatMap((entry, index) => {
      const parsed = dilemmaTextSchema.safeParse(entry);
      if (!parsed.success) return [`#${index}: ${parsed.error.message}`];
      if (JSON.stringify(parsed.data) !== JSON.stringify(entry)) return [`#${index}: not trimmed`];
      if (entry.optionA.toLowerCase() === entry.optionB.toLowerCase()) {
        return [`#${index}: both options are "${entry.optionA}"`];
      }
      return [];
    });
    expect(problems).toEqual([]);
  });

  it("asks no question twice", () => {
    const seen = new Map<string, string>();
    const duplicates: string[] = [];
    for (const { dilemma } of bank) {
      const key = dilemmaKey(dilemma);
      const first = seen.get(key);
      if (first) duplicates.push(`"${dilemma}" repeats "${first}"`);
      else seen.set(key, dilemma);
    }
    expect(duplicates).toEqual([]);
  });
});

describe("seedDilemmaBank", () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database?.close());

  async function bankRows(): Promise<number> {
    const [row] = await database.db.select({ rows: count() }).from(dilemmas);
    return row?.rows ?? 0;
  }

  it("has put the whole bank into the migrated test database", async () => {
    expect(await bankRows()).toBe(bank.length);
  });

  it("adds nothing when run again", async () => {
    await seedDilemmaBank(database.db);
    await seedDilemmaBank(database.db);
    expect(await bankRows()).toBe(bank.length);
  });
});
