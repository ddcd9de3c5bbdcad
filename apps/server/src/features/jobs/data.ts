import { and, eq, inArray, lte } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { jobRuns } from "../../db/schema";

/** A job seen for the first time is due at once. */
export async function ensureJob(tx: Tx, name: string, now: Date) {
  await tx.insert(jobRuns).values({ name, nextRunAt: now }).onConflictDoNothing();
}

/**
 * Claims the job's due run: moves `next_run_at` on in one UPDATE, so of any
 * number of instances asking at once exactly one gets the row. False: not due,
 * or another instance claimed it.
 */
export async function claimDueRun(
  tx: Tx,
  { name, now, nextRunAt }: { name: string; now: Date; nextRunAt: Date },
): Promise<boolean> {
  const claimed = await tx
    .update(jobRuns)
    .set({ nextRunAt, lastRunAt: now })
    .where(and(eq(jobRuns.name, name), lte(jobRuns.nextRunAt, now)))
    .returning({ name: jobRuns.name });
  return claimed.length > 0;
}

/** When each of the named jobs is next due. */
export function nextRuns(tx: Tx, names: string[]) {
  return tx
    .select({ name: jobRuns.name, nextRunAt: jobRuns.nextRunAt })
    .from(jobRuns)
    .where(inArray(jobRuns.name, names));
}
