import type { FastifyBaseLogger } from "fastify";

/**
 * Runs `task` every `everyMs` in the background (a failure is logged, the next run
 * still comes); the process may exit without waiting for it. Returns the stop.
 */
export function every(
  everyMs: number,
  task: () => Promise<unknown>,
  { log, what }: { log: FastifyBaseLogger; what: string },
): () => void {
  const timer = setInterval(() => {
    task().catch((err) => log.warn({ err }, `${what} failed`));
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
