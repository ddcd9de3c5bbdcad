/**
 * How a background job shares the machine with the requests (decision 0081): it
 * works in batches, rests after each for REST_PER_WORK times as long as the batch
 * took (so the hot paths keep at least 1 / (1 + REST_PER_WORK) of the time it
 * would otherwise take), and stops once BUDGET_MS have passed: its next run, a
 * minute on, goes on where it stopped.
 */
export const PACING = { REST_PER_WORK: 1.5, BUDGET_MS: 45_000 };

/**
 * Runs `batch` until it answers false (nothing more to do) or the budget is spent,
 * resting between batches; `now` is the real time (a test clock does not pace).
 */
export async function paced(
  batch: () => Promise<boolean>,
  { now = () => performance.now(), pacing = PACING } = {},
): Promise<void> {
  const started = now();
  for (;;) {
    const batchStarted = now();
    if (!(await batch())) return;
    const took = now() - batchStarted;
    if (now() - started >= pacing.BUDGET_MS) return;
    await new Promise((resolve) => setTimeout(resolve, took * pacing.REST_PER_WORK));
  }
}
