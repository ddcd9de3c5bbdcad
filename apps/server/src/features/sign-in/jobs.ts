import type { FastifyBaseLogger } from "fastify";
import { every } from "../../lib/interval";
import type { SignInService } from "./service";

const SWEEP_EVERY_MS = 60 * 60 * 1000;

/** Hourly: forgets sign-in tokens a day after they expired, and finished rate windows. */
export function startSignInCleanup(service: SignInService, log: FastifyBaseLogger) {
  return every(SWEEP_EVERY_MS, () => service.prune(), { log, what: "sign-in cleanup" });
}
