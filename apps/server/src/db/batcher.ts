/**
 * Group commit: what callers submit while a batch is being written waits and goes
 * together in the next one, so many writes share one statement and one commit
 * (decision 0023). A caller's promise settles only once its batch has run, so an
 * answered write has been committed. At most `inFlight` batches run at a time.
 *
 * Items with the same key never share a batch: the later waits for the next one,
 * so one caller's writes apply one after another, in the order submitted. When a
 * whole batch fails, each of its items is tried again alone, so one bad item
 * fails no other.
 */
export interface BatcherOptions<I, O> {
  /** Writes the items; answers one outcome per item, in their order. */
  run: (items: I[]) => Promise<O[]>;
  key: (item: I) => string;
  maxSize: number;
  /** Batches written at once: while one commits, the next can be on its way. */
  inFlight: number;
  /** Hears each batch's size as it goes to the database (the metrics). */
  sized?: (size: number) => void;
}

interface Waiting<I, O> {
  item: I;
  resolve: (outcome: O) => void;
  reject: (error: unknown) => void;
}

/** Promises kept until the next `release()`. */
function waiters() {
  let waiting: (() => void)[] = [];
  return {
    wait: () => new Promise<void>((resolve) => waiting.push(resolve)),
    release() {
      for (const resolve of waiting) resolve();
      waiting = [];
    },
  };
}

/** One item written on its own: its caller gets its outcome or its error. */
async function runAlone<I, O>(run: BatcherOptions<I, O>["run"], waiting: Waiting<I, O>) {
  try {
    const [outcome] = await run([waiting.item]);
    waiting.resolve(outcome as O);
  } catch (error) {
    waiting.reject(error);
  }
}

/**
 * The next batch out of `queue`: the oldest items, one per key not being written
 * (`busy`), at most maxSize; and what stays queued.
 */
function takeBatch<I, O>(
  queue: Waiting<I, O>[],
  busy: Set<string>,
  { key, maxSize }: Pick<BatcherOptions<I, O>, "key" | "maxSize">,
) {
  const batch: Waiting<I, O>[] = [];
  const taken = new Set<string>();
  // A key once passed over stays so for this batch: its later items keep their order.
  const passed = new Set<string>();
  const rest: Waiting<I, O>[] = [];
  for (const waiting of queue) {
    const itemKey = key(waiting.item);
    const free = !taken.has(itemKey) && !passed.has(itemKey) && !busy.has(itemKey);
    if (batch.length < maxSize && free) {
      taken.add(itemKey);
      batch.push(waiting);
    } else {
      passed.add(itemKey);
      rest.push(waiting);
    }
  }
  return { batch, keys: [...taken], rest };
}

export function createBatcher<I, O>(options: BatcherOptions<I, O>) {
  const { run, inFlight, sized } = options;
  let queue: Waiting<I, O>[] = [];
  let running = 0;
  let scheduled = false;
  const idle = () => running === 0 && queue.length === 0;
  const settled = waiters();
  /** Keys of the items in batches being written: their next items wait. */
  const busy = new Set<string>();

  /** Writes a batch; answers how to tell its callers (once the next batch is on its way). */
  async function runBatch(batch: Waiting<I, O>[]): Promise<() => void> {
    try {
      const outcomes = await run(batch.map((waiting) => waiting.item));
      return () => {
        for (const [i, waiting] of batch.entries()) waiting.resolve(outcomes[i] as O);
      };
    } catch (error) {
      if (batch.length === 1) return () => (batch[0] as Waiting<I, O>).reject(error);
      for (const waiting of batch) await runAlone(run, waiting);
      return () => {};
    }
  }

  async function write(batch: Waiting<I, O>[], keys: string[]) {
    running++;
    for (const itemKey of keys) busy.add(itemKey);
    let tell = () => {};
    try {
      tell = await runBatch(batch);
    } finally {
      for (const itemKey of keys) busy.delete(itemKey);
      running--;
    }
    // What waited meanwhile goes to the database first, then this batch's callers
    // are answered: the database works on the next batch while they are.
    start();
    tell();
    if (idle()) settled.release();
  }

  /** Starts batches while there is room and something to write. */
  function start() {
    scheduled = false;
    while (running < inFlight && queue.length > 0) {
      const { batch, keys, rest } = takeBatch(queue, busy, options);
      queue = rest;
      if (batch.length === 0) return;
      sized?.(batch.length);
      void write(batch, keys);
    }
  }

  function schedule() {
    if (scheduled || running >= inFlight || queue.length === 0) return;
    scheduled = true;
    // After this turn of the event loop: requests read in the same turn join in.
    setImmediate(start);
  }

  return {
    submit(item: I): Promise<O> {
      return new Promise<O>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        schedule();
      });
    },
    /**
     * Resolves once every item submitted so far is written (or has failed): at
     * shutdown, a caller who hung up still has their write finished before the
     * database closes.
     */
    settle: (): Promise<void> => (idle() ? Promise.resolve() : settled.wait()),
  };
}
