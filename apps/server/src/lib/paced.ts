/**
 * How a background job shares the machine with the requests (decision 0081): it
 * works in batches, rests after each for REST_PER_WORK times as long as the batch
 * took (so the hot paths keep at least 1 / (1 + REST_PER_WORK) of the time it
 * would otherwise take), and stops once BUDGET_MS have passed: its next run, a
 * minute on, goes on where it stopped. It rests only when requests came in while
 * the batch ran (decision 0095): nobody waits on an idle instance's rest.
 */
export const PACING = { REST_PER_WORK: 1.5, BUDGET_MS: 45_000 };

/**
 * On PGlite the database runs on the app's own thread: a batch's whole time is
 * time no request gets, where on a PostgreSQL server it is mostly the server's
 * (decision 0097). The requests there keep four fifths of the thread.
 */
export const PGLITE_PACING = { ...PACING, REST_PER_WORK: 4 };

/** The pacing for background work on this engine. */
export const pacingOf = (engine: "pglite" | "postgres") =>
  engine === "pglite" ? PGLITE_PACING : PACING;

/**
 * Batches that take turns: one runs once the batch before it, and the rest after
 * that one, are over. The app's background work shares one (decision 0094): the
 * sweep, the reminders and the mail they queue, running at once, together keep to
 * the share one job alone would take, instead of one share each. A batch that can
 * wait (`later`: sending mail) takes its turn after those of work that is due
 * (closing rounds, queuing reminders).
 */
export interface Pacer {
  turn(batch: () => Promise<boolean>, options?: { later?: boolean }): Promise<boolean>;
}

/**
 * When this instance last began a request, on the pacer's clock: the app calls
 * `began` for each one, and the pacer asks `since` whether any came in during a batch.
 */
export interface RequestWatch {
  began(): void;
  since(at: number): boolean;
}

export function createRequestWatch(now = () => performance.now()): RequestWatch {
  let last = Number.NEGATIVE_INFINITY;
  return {
    began: () => {
      last = now();
    },
    since: (at) => last >= at,
  };
}

/** Without a watch every batch counts as busy: the pacer always rests. */
const alwaysBusy: RequestWatch = { began: () => {}, since: () => true };

export function createPacer({
  now = () => performance.now(),
  pacing = PACING,
  requests = alwaysBusy,
} = {}): Pacer {
  const waiting: { later: boolean; go: () => Promise<void> }[] = [];
  let busy = false;
  function next() {
    if (busy) return;
    const first = waiting.findIndex((turn) => !turn.later);
    const [turn] = waiting.splice(Math.max(first, 0), 1);
    if (!turn) return;
    busy = true;
    void turn.go();
  }
  return {
    turn(batch, { later = false } = {}) {
      return new Promise<boolean>((resolve, reject) => {
        const go = async () => {
          const started = now();
          try {
            resolve(await batch());
          } catch (error) {
            reject(error);
          }
          const took = now() - started;
          // After the poll phase: requests that arrived during the batch have begun by then.
          setImmediate(() => {
            const rest = requests.since(started) ? took * pacing.REST_PER_WORK : 0;
            setTimeout(() => {
              busy = false;
              next();
            }, rest);
          });
        };
        waiting.push({ later, go });
        next();
      });
    },
  };
}

/**
 * Runs `batch` until it answers false (nothing more to do) or the budget is spent,
 * each batch in its turn of `pacer` (by default one of its own: resting only after
 * its own batches), `later` if it can wait for due work; `now` is the real time (a
 * test clock does not pace).
 */
export async function paced(
  batch: () => Promise<boolean>,
  {
    now = () => performance.now(),
    pacing = PACING,
    pacer = createPacer({ now, pacing }),
    later = false,
  } = {},
): Promise<void> {
  const started = now();
  for (;;) {
    if (!(await pacer.turn(batch, { later }))) return;
    if (now() - started >= pacing.BUDGET_MS) return;
  }
}
