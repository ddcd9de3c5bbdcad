import { AsyncLocalStorage } from "node:async_hooks";

/**
 * better-auth keeps each call's context in AsyncLocalStorage. On Node 20 the first
 * `run()` of one installs async hooks for the whole process, and they stay: from
 * the first sign-in on, every promise of every request pays for them (today's
 * read, which touches no better-auth code, cost about 3 µs more of its 19).
 * Nothing needs them between calls into better-auth: once the last call in flight
 * has ended, its storages are disabled, which takes the hooks out again; its next
 * call's `run()` puts them back (decision 0030).
 *
 * better-auth keeps its storages on `globalThis` under this symbol (its
 * `context/global`), created on first use; whatever of them is there is disabled.
 */
const BETTER_AUTH_GLOBAL = Symbol.for("better-auth:global");

function betterAuthStorages(): AsyncLocalStorage<unknown>[] {
  const global = (globalThis as Record<symbol, { context?: Record<string, unknown> } | undefined>)[
    BETTER_AUTH_GLOBAL
  ];
  return Object.values(global?.context ?? {}).filter(
    (value): value is AsyncLocalStorage<unknown> => value instanceof AsyncLocalStorage,
  );
}

let inFlight = 0;
let quietScheduled = false;

function quietIfIdle() {
  quietScheduled = false;
  if (inFlight > 0) return;
  for (const storage of betterAuthStorages()) storage.disable();
}

/** Runs one call into better-auth, counted; the storages go quiet after the last. */
async function counted<T>(call: () => Promise<T>): Promise<T> {
  inFlight++;
  try {
    return await call();
  } finally {
    inFlight--;
    // After this turn: continuations the call left queued still find their context.
    if (inFlight === 0 && !quietScheduled) {
      quietScheduled = true;
      setImmediate(quietIfIdle);
    }
  }
}

type AsyncFunction = (...args: never[]) => Promise<unknown>;

/**
 * The better-auth instance with every call through `handler` (and `fetch`) and
 * `api` counted: the app's only ways into it.
 */
export function quietBetweenCalls<
  T extends { handler: (request: Request) => Promise<Response>; api: object },
>(auth: T): T {
  const wrapped = new Map<PropertyKey, AsyncFunction>();
  const api = new Proxy(auth.api, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver);
      if (typeof value !== "function") return value;
      let wrapper = wrapped.get(key);
      if (!wrapper) {
        wrapper = (...args) => counted(() => (value as AsyncFunction).apply(target, args));
        wrapped.set(key, wrapper);
      }
      return wrapper;
    },
  });
  const handler = (request: Request) => counted(() => auth.handler(request));
  // `fetch` is better-auth's other name for its handler.
  return { ...auth, api, handler, ...("fetch" in auth && { fetch: handler }) };
}

/**
 * For tests: for each storage better-auth has made so far, whether it holds the
 * async hooks on (Node 20's `enabled` field). Empty if better-auth moved them.
 */
export function betterAuthStoragesEnabled(): boolean[] {
  return betterAuthStorages().map(
    (storage) => (storage as unknown as { enabled?: boolean }).enabled === true,
  );
}
