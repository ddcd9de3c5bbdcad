import { randomBytes } from "node:crypto";
import pg from "pg";

/** Test databases are named with this prefix, so a leftover one is easy to recognise. */
export const TEST_DATABASE_PREFIX = "eitheror_test_";
const TEMPLATE_BUSY_RETRIES = 20;
const TEMPLATE_BUSY_WAIT_MS = 100;

export function uniqueDatabaseName(kind: "template" | "file"): string {
  return `${TEST_DATABASE_PREFIX}${kind}_${process.pid}_${randomBytes(4).toString("hex")}`;
}

/** The same server and credentials as `url`, another database. */
export function databaseUrl(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** Runs one statement on the maintenance connection (CREATE/DROP DATABASE cannot run in a pool's transaction). */
export async function adminQuery(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

export function createDatabase(adminUrl: string, name: string): Promise<void> {
  return adminQuery(adminUrl, `CREATE DATABASE ${quote(name)}`);
}

/**
 * Copies the migrated, seeded template. PostgreSQL refuses while another session is
 * connected to the template ("being accessed by other users"), which two test files
 * starting together can briefly cause, so that case is retried.
 */
export async function cloneDatabase(adminUrl: string, template: string, name: string) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await adminQuery(
        adminUrl,
        `CREATE DATABASE ${quote(name)} TEMPLATE ${quote(template)}`,
      );
    } catch (error) {
      const busy = error instanceof Error && /being accessed by other users/.test(error.message);
      if (!busy || attempt >= TEMPLATE_BUSY_RETRIES) throw error;
      await new Promise((resolve) => setTimeout(resolve, TEMPLATE_BUSY_WAIT_MS * attempt));
    }
  }
}

export function dropDatabase(adminUrl: string, name: string): Promise<void> {
  return adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${quote(name)} WITH (FORCE)`);
}
