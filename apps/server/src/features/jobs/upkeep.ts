import type { JobDefinition } from "./service";

/**
 * Every quarter of an hour on PGlite: dead rows cleared and the planner's
 * statistics taken again, as autovacuum does on a PostgreSQL server (decision
 * 0035). About 0.2 s with a million choices stored, during which PGlite answers
 * nothing else.
 */
export const databaseUpkeepJob = (upkeep: () => Promise<void>): JobDefinition => ({
  name: "database-upkeep",
  everyMs: 15 * 60 * 1000,
  run: upkeep,
});
