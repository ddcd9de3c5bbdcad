import type { FastifyBaseLogger } from "fastify";
import { every } from "../../lib/interval";
import type { SignInService } from "./service";

const SWEEP_EVERY_MS = 60 * 60 * 1000;

/** Hourly: forgets spent sign-in tokens, finished rate windows and abandoned guests. */
export function startSignInCleanup(service: SignInService, log: FastifyBaseLogger) {
  return every(SWEEP_EVERY_MS, () => service.prune(), { log, what: "sign-in cleanup" });
}
