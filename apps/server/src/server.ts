import cluster from "node:cluster";
import type { Server } from "node:http";
import { buildApp } from "./app";
import { type Config, ConfigError, loadConfig } from "./config";
import { openDatabase } from "./db/client";
import { DataDirInUseError } from "./db/data-dir-lock";
import { seedDilemmaBank } from "./db/seed/seed";
import { reportToPrimary, serveMetrics } from "./lib/metrics";
import { runWorkers } from "./workers";

/** What the last steps of a stop may take (requests in flight, batches, the database). */
const SHUTDOWN_GRACE_MS = 10_000;
const IDLE_SWEEP_MS = 100;

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

/**
 * One instance: the app on PORT (with WORKERS, a worker sharing it with the
 * others through node:cluster). SIGTERM or SIGINT stops it gracefully:
 * readiness answers 503 at once (and SHUTDOWN_DELAY_MS long while everything
 * else is still served, for a load balancer that polls it); then the streams
 * end, each told when to come back, no new connection is taken, requests in
 * flight finish, the batched writes are written, and the database closes.
 */
async function serveOne(config: Config) {
  const database = await openDatabase(
    config.DATABASE_URL
      ? { kind: "postgres", url: config.DATABASE_URL }
      : { kind: "pglite", dataDir: config.DATA_DIR },
  );
  await seedDilemmaBank(database.db);

  const app = await buildApp({ config, database });
  let metricsServer: Server | undefined;
  if (app.metrics && config.METRICS_PORT !== undefined) {
    if (cluster.isWorker) reportToPrimary(app.metrics);
    else metricsServer = await serveMetrics(config.HOST, config.METRICS_PORT, app.metrics);
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, "shutting down: not ready, then finishing requests in flight");
    setTimeout(() => process.exit(1), config.SHUTDOWN_DELAY_MS + SHUTDOWN_GRACE_MS).unref();
    app.drain();
    await new Promise((resolve) => setTimeout(resolve, config.SHUTDOWN_DELAY_MS));
    // A connection whose request was in flight when closing began goes idle
    // after Node closed the idle ones, and would hold the server open until its
    // keep-alive ran out: idle connections are closed as they come, meanwhile.
    const sweep = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
    // Not an onClose hook: those run before the HTTP server has drained, and a
    // request still in flight would find the database gone.
    await app.close();
    clearInterval(sweep);
    app.log.info("closed: no requests in flight; writing what is batched");
    await app.settleWrites();
    metricsServer?.close();
    await database.close();
    app.log.info("stopped");
    process.exit(0);
  };
  for (const signal of ["SIGTERM", "SIGINT"] as const) process.on(signal, () => void stop(signal));

  try {
    await app.listen({ host: config.HOST, port: config.PORT });
  } catch (error) {
    await app.close();
    await database.close();
    if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE") throw error;
    console.error(`Port ${config.PORT} is already in use: stop the other server, or set PORT.`);
    process.exit(1);
  }
  if (cluster.isWorker) return;
  app.log.info(
    `${config.APP_TITLE} is ready at ${config.publicUrl} (${database.kind}${database.kind === "pglite" ? ` in ${config.DATA_DIR}` : ""})`,
  );
}

async function main() {
  const config = readConfig();
  if (config.WORKERS > 1 && cluster.isPrimary) await runWorkers(config);
  else await serveOne(config);
}

main().catch((error) => {
  // A problem the operator can fix gets one readable line; anything else its stack.
  console.error(error instanceof DataDirInUseError ? error.message : error);
  process.exit(1);
});
