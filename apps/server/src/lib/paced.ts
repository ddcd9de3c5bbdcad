/**
 * How a background job shares the machine with the requests (decision 0081): it
 * works in batches, rests after each for REST_PER_WORK times as long as the batch
 * took (so the hot paths keep at least 1 / (1 + REST_PER_WORK) of the time it
 * would otherwise take), and stops once BUDGET_MS have passed: its next run, a
 * minute on, goes on where it stopped.
 */
export const PACING = { REST_PER_WORK: 1.5, BUDGET_MS: 45_000 };

/**
 * Batches that take turns: one runs once every batch before it, and the rest after
 * that one, are over. The app's background work shares one (decision 0094): the
 * sweep, the reminders and the mail they queue, running at once, together keep to
 * the share one job alone would take, instead of one share each.
 */
export interface Pacer {
  turn(batch: () => Promise<boolean>): Promise<boolean>;
}

export function createPacer({ now = () => performance.now(), pacing = PACING } = {}): Pacer {
  let free: Promise<unknown> = Promise.resolve();
  return {
    turn(batch) {
      let took = 0;
      const run = free.then(async () => {
        const started = now();
        try {
          return await batch();
        } finally {
          took = now() - started;
        }
      });
      const rest = () => new Promise((resolve) => setTimeout(resolve, took * pacing.REST_PER_WORK));
      free = run.then(rest, rest);
      return run;
    },
  };
}

/**
 * Runs `batch` until it answers false (nothing more to do) or the budget is spent,
 * each batch in its turn of `pacer` (by default one of its own: resting only after
 * its own batches); `now` is the real time (a test clock does not pace).
 */
export async function paced(
  batch: () => Promise<boolean>,
  { now = () => performance.now(), pacing = PACING, pacer = createPacer({ now, pacing }) } = {},
): Promise<void> {
  const started = now();
  for (;;) {
    if (!(await pacer.turn(batch))) return;
    if (now() - started >= pacing.BUDGET_MS) return;
  }
}
