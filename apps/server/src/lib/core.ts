import type { Db } from "../db/client";
import type { Transactor } from "../db/transaction";
import type { Access } from "./auth/access";
import type { Clock } from "./clock";
import type { EventBus } from "./live/events";
import type { BatchSizes } from "./metrics";
import type { Pacer } from "./paced";

/**
 * What every service is built on: the database, its transactions, the app's
 * clock, the access checks and the groups' live events. services.ts makes one and hands it to each.
 */
export interface Core {
  db: Db;
  transaction: Transactor;
  clock: Clock;
  access: Access;
  events: EventBus;
  /** Hears the size of each group commit's batch, by name (the metrics; else nothing). */
  batchSizes?: BatchSizes;
  /** The turns the app's background work takes (decision 0094); else each job paces itself alone. */
  pacer?: Pacer;
}
