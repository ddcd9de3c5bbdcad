import type { DatabaseUpkeep } from "../../db/client";
import { type Pacer, paced } from "../../lib/paced";
import type { JobDefinition } from "./service";

/**
 * Every quarter of an hour on PGlite: dead rows cleared and the planner's
 * statistics taken again, as autovacuum does on a PostgreSQL server (decision
 * 0035). A table per batch of the app's pacer (decision 0097): PGlite answers
 * nothing else while it vacuums, and a whole database at once held it for seconds
 * at 100,000 groups. A run that spends its budget leaves the rest to the next,
 * which starts with the tables vacuumed longest ago.
 */
export const databaseUpkeepJob = (upkeep: DatabaseUpkeep, pacer?: Pacer): JobDefinition => ({
  name: "database-upkeep",
  everyMs: 15 * 60 * 1000,
  async run() {
    const tables = await upkeep.tables();
    await paced(
      async () => {
        const table = tables.shift();
        if (table) await upkeep.vacuum(table);
        return tables.length > 0;
      },
      { pacer },
    );
  },
});
