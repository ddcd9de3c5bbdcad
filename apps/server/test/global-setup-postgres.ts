import type { TestProject } from "vitest/node";
import { openDatabase } from "../src/db/client";
import { seedDilemmaBank } from "../src/db/seed/seed";
import { createDatabase, databaseUrl, dropDatabase, uniqueDatabaseName } from "./postgres";

/**
 * Migrates and seeds one template database per run; every test file then starts
 * from `CREATE DATABASE … TEMPLATE`, a file copy that takes milliseconds.
 */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("integration-postgres needs TEST_DATABASE_URL");

  const template = uniqueDatabaseName("template");
  await createDatabase(adminUrl, template);
  try {
    const database = await openDatabase({ kind: "postgres", url: databaseUrl(adminUrl, template) });
    try {
      await seedDilemmaBank(database.db);
    } finally {
      await database.close();
    }
  } catch (error) {
    await dropDatabase(adminUrl, template);
    throw error;
  }

  project.provide("postgresTemplate", template);
  return () => dropDatabase(adminUrl, template);
}
