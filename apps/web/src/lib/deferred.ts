/**
 * Something a dynamic import brings (a module's component), fetched once, on
 * demand: `load` starts it (again, after a failure), `current` has it once it
 * has arrived, so a caller can render it at once rather than wait a turn.
 */
export interface Deferred<T> {
  current: () => T | undefined;
  load: () => Promise<T>;
}

export function deferred<T>(load: () => Promise<T>): Deferred<T> {
  let value: T | undefined;
  let pending: Promise<T> | undefined;
  return {
    current: () => value,
    load: () => {
      pending ??= load().then(
        (loaded) => {
          value = loaded;
          return loaded;
        },
        (error: unknown) => {
          // Offline, say: the next call tries again.
          pending = undefined;
          throw error;
        },
      );
      return pending;
    },
  };
}
