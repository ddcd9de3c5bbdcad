import type { FastifyBaseLogger } from "fastify";
import { every } from "../../lib/interval";
import type { GlobalDilemmaService } from "./service";

const SWEEP_EVERY_MS = 5 * 60 * 1000;

/**
 * Picks each day's dilemma shortly after midnight UTC, so the first visitor of the
 * day does not pay for it. Requests still pick it themselves if this has not run.
 */
export function startDailyPick(service: GlobalDilemmaService, log: FastifyBaseLogger) {
  return every(SWEEP_EVERY_MS, () => service.today(), { log, what: "daily dilemma pick" });
}
