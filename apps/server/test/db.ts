import { openAsBlob } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { inject } from "vitest";
import { type Database, openDatabase } from "../src/db/client";
import { cloneDatabase, databaseUrl, dropDatabase, uniqueDatabaseName } from "./postgres";

declare module "vitest" {
  export interface ProvidedContext {
    /** Path of the migrated, seeded PGlite data folder dump (integration-pglite). */
    pgliteTemplate: string;
    /** Name of the migrated, seeded template database (integration-postgres). */
    postgresTemplate: string;
  }
}

export type TestDb = "pglite" | "postgres";

export function testDbKind(): TestDb {
  return process.env.TEST_DB === "postgres" ? "postgres" : "pglite";
}

/** Counts the statements the app sends while `work` runs: what a request costs the database. */
export interface StatementCounter {
  count<T>(work: () => Promise<T>): Promise<{ result: T; statements: string[] }>;
}

function statementCounter() {
  let heard: string[] | null = null;
  const counter: StatementCounter = {
    async count(work) {
      if (heard) throw new Error("statements are counted for one piece of work at a time");
      heard = [];
      try {
        const result = await work();
        return { result, statements: heard };
      } finally {
        heard = null;
      }
    },
  };
  return { counter, onStatement: (statement: string) => heard?.push(statement) };
}

export interface TestDatabase extends Database {
  statements: StatementCounter;
  /**
   * Another handle on the same database, as a second app instance would open it:
   * its own connection pool on PostgreSQL; the same client on PGlite (one process).
   */
  openAnother(): Promise<Database>;
}

/**
 * A fresh copy of the migrated and seeded database, for one test file. Its close()
 * also throws the copy away.
 */
export async function openTestDatabase(): Promise<TestDatabase> {
  if (testDbKind() === "postgres") return openPostgresCopy();

  const template = inject("pgliteTemplate");
  if (!template) throw new Error("No PGlite template: run through the integration-pglite project");
  const client = new PGlite({ loadDataDir: await openAsBlob(template) });
  // Migrations already ran in the template: this only checks they are there.
  const { counter, onStatement } = statementCounter();
  const database = await openDatabase({ kind: "pglite", client, onStatement });
  return {
    ...database,
    statements: counter,
    openAnother: async () => ({ ...database, close: async () => {} }),
  };
}

async function openPostgresCopy(): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const template = inject("postgresTemplate");
  if (!adminUrl || !template) {
    throw new Error("No PostgreSQL template: run through the integration-postgres project");
  }
  const name = uniqueDatabaseName("file");
  await cloneDatabase(adminUrl, template, name);
  const url = databaseUrl(adminUrl, name);
  const { counter, onStatement } = statementCounter();
  const database = await openDatabase({ kind: "postgres", url, onStatement });
  return {
    ...database,
    statements: counter,
    openAnother: () => openDatabase({ kind: "postgres", url }),
    async close() {
      await database.close();
      await dropDatabase(adminUrl, name);
    },
  };
}
