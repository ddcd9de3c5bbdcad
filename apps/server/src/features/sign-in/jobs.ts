import type { FastifyBaseLogger } from "fastify";
import type { SignInService } from "./service";

const SWEEP_EVERY_MS = 60 * 60 * 1000;

/** Hourly: forgets sign-in tokens a day after they expired, and finished rate windows. */
export function startSignInCleanup(service: SignInService, log: FastifyBaseLogger): () => void {
  const timer = setInterval(() => {
    service.prune().catch((err) => log.warn({ err }, "sign-in cleanup failed"));
  }, SWEEP_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
