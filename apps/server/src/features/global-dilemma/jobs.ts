import type { FastifyBaseLogger } from "fastify";
import type { GlobalDilemmaService } from "./service";

const SWEEP_EVERY_MS = 5 * 60 * 1000;

/**
 * Picks each day's dilemma shortly after midnight UTC, so the first visitor of the
 * day does not pay for it. Requests still pick it themselves if this has not run.
 */
export function startDailyPick(service: GlobalDilemmaService, log: FastifyBaseLogger): () => void {
  const timer = setInterval(() => {
    service.today().catch((err) => log.warn({ err }, "daily dilemma pick failed"));
  }, SWEEP_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
