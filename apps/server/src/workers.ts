import cluster, { type Worker } from "node:cluster";
import type { Server } from "node:http";
import type { Config } from "./config";
import { openDatabase } from "./db/client";
import { seedDilemmaBank } from "./db/seed/seed";
import { serveMetrics, workersMetrics } from "./lib/metrics";

/**
 * WORKERS=n: this process forks n workers that each run the whole app and share
 * PORT (node:cluster hands each new connection to one of them in turn), one per
 * core with `auto`. Nothing any of them needs lives in another's memory
 * (docs/architecture.md): they are the same as n instances behind a proxy. Only
 * on PostgreSQL (config.ts refuses WORKERS with PGlite, which one process holds).
 *
 * The primary migrates and seeds once, serves the workers' metrics added up on
 * METRICS_PORT, starts a worker again when one dies after it was serving, and
 * stops them all gracefully on SIGTERM or SIGINT.
 */
export async function runWorkers(config: Config) {
  const url = config.DATABASE_URL;
  if (!url) throw new Error("WORKERS needs DATABASE_URL");
  // Before the workers: they then find the schema and the bank up to date.
  const database = await openDatabase({ kind: "postgres", url });
  try {
    await seedDilemmaBank(database.db);
  } finally {
    await database.close();
  }
  let metrics: Server | undefined;
  if (config.METRICS_PORT !== undefined) {
    metrics = await serveMetrics(config.HOST, config.METRICS_PORT, workersMetrics());
  }

  const serving = new Set<Worker>();
  let stopping = false;
  let exitCode = 0;
  const fork = () => cluster.fork();
  cluster.on("listening", (worker) => {
    serving.add(worker);
    if (serving.size === config.WORKERS && !stopping) {
      console.log(
        `${config.APP_TITLE} is ready at ${config.publicUrl} (postgres, ${config.WORKERS} workers)`,
      );
    }
  });
  cluster.on("exit", (worker, code, signal) => {
    const wasServing = serving.delete(worker);
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) {
        metrics?.close();
        process.exit(exitCode);
      }
      return;
    }
    if (!wasServing) {
      // It never got as far as serving (the database refused it, say): another
      // would fail the same way, so everything stops and says so.
      console.error(`A worker failed to start (${signal ?? `exit code ${code}`}); stopping.`);
      exitCode = 1;
      stopAll();
      return;
    }
    console.error(
      `Worker ${worker.process.pid} ended (${signal ?? `exit code ${code}`}); starting another.`,
    );
    fork();
  });

  function stopAll() {
    if (stopping) return;
    stopping = true;
    const workers = Object.values(cluster.workers ?? {});
    if (workers.length === 0) process.exit(1);
    // Each worker stops as one instance does (server.ts): readiness first, then drained.
    for (const worker of workers) worker?.process.kill("SIGTERM");
  }
  for (const signal of ["SIGTERM", "SIGINT"] as const) process.on(signal, stopAll);
  for (let i = 0; i < config.WORKERS; i++) fork();
}
