import { createServer, type Server } from "node:http";
import { AggregatorRegistry, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";

/**
 * What the metrics read when they are scraped, not on every request: each
 * answers now, from this instance or the database.
 */
export interface MetricSources {
  /** Live group streams open on this instance. */
  liveStreams(): number;
  /** Mail waiting in the outbox, and how long the oldest has waited. */
  outbox(): Promise<{ pending: number; oldestAgeSeconds: number }>;
  /** How long past its due time each job's next run is (0: not due yet). */
  jobLag(): Promise<{ job: string; lagSeconds: number }[]>;
  /** Open rounds past their due date: what the sweep has still to close. */
  roundsOverdue(): Promise<number>;
  /** PostgreSQL's connection pool of this instance; null on PGlite (no pool). */
  pool(): { total: number; idle: number; waiting: number; max: number } | null;
}

/** A batch's size, by the group commit that wrote it (db/batcher.ts). */
export type BatchSizes = (batcher: string, size: number) => void;

/** Seconds: most answers take milliseconds; a slow path or a database pause shows in the tail. */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const BATCH_BUCKETS = [1, 2, 5, 10, 20, 50, 100, 200, 500];

/** Figures read at each scrape: streams and pool of this instance, the database's queues. */
function stateGauges(registry: Registry, sources: () => MetricSources) {
  const registers = [registry];
  new Gauge({
    name: "eitheror_live_streams",
    help: "Live group event streams open now",
    registers,
    collect() {
      this.set(sources().liveStreams());
    },
  });
  // The outbox and the jobs are the database's, the same for every instance:
  // workers' figures are not added up but the largest taken.
  new Gauge({
    name: "eitheror_outbox_pending",
    help: "Mail waiting to be sent",
    aggregator: "max",
    registers,
    async collect() {
      this.set((await sources().outbox()).pending);
    },
  });
  new Gauge({
    name: "eitheror_outbox_oldest_age_seconds",
    help: "How long the oldest mail waiting to be sent has waited",
    aggregator: "max",
    registers,
    async collect() {
      this.set((await sources().outbox()).oldestAgeSeconds);
    },
  });
  new Gauge({
    name: "eitheror_job_lag_seconds",
    help: "How long past its due time each background job's next run is",
    labelNames: ["job"] as const,
    aggregator: "max",
    registers,
    async collect() {
      this.reset();
      for (const { job, lagSeconds } of await sources().jobLag()) this.set({ job }, lagSeconds);
    },
  });
  new Gauge({
    name: "eitheror_rounds_overdue",
    help: "Open rounds past their due date, waiting for the sweep to close them",
    aggregator: "max",
    registers,
    async collect() {
      this.set(await sources().roundsOverdue());
    },
  });
  new Gauge({
    name: "eitheror_db_pool_connections",
    help: "PostgreSQL connections of this instance's pool: busy, idle, and the most it opens",
    labelNames: ["state"] as const,
    registers,
    collect() {
      const pool = sources().pool();
      if (!pool) return;
      this.set({ state: "busy" }, pool.total - pool.idle);
      this.set({ state: "idle" }, pool.idle);
      this.set({ state: "max" }, pool.max);
    },
  });
  new Gauge({
    name: "eitheror_db_pool_waiting",
    help: "Queries waiting for a free connection of this instance's pool",
    registers,
    collect() {
      this.set(sources().pool()?.waiting ?? 0);
    },
  });
}

/**
 * This instance's metrics, in a registry of its own (tests build many apps in
 * one process). Labels name routes as matched (`/api/groups/:id`), methods,
 * statuses, batchers and jobs: never a user, an id or a raw URL.
 */
export function createMetrics(sources: () => MetricSources) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const requests = new Histogram({
    name: "eitheror_http_request_duration_seconds",
    help: "HTTP answers by method, matched route and status; _count is the number of requests",
    labelNames: ["method", "route", "status"] as const,
    buckets: DURATION_BUCKETS,
    registers,
  });
  const batches = new Histogram({
    name: "eitheror_batch_size",
    help: "Items written together by one statement of a group commit",
    labelNames: ["batcher"] as const,
    buckets: BATCH_BUCKETS,
    registers,
  });
  stateGauges(registry, sources);
  return {
    registry,
    request(method: string, route: string, status: number, seconds: number) {
      requests.observe({ method, route, status: String(status) }, seconds);
    },
    batch: ((batcher, size) => batches.observe({ batcher }, size)) satisfies BatchSizes,
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/**
 * The metrics on a port of their own, never the app's: `GET /metrics` (or `/`)
 * answers Prometheus text, anything else 404. With WORKERS, the primary
 * serves every worker's figures added up (prom-client's AggregatorRegistry).
 */
export async function serveMetrics(
  host: string,
  port: number,
  source: { metrics(): Promise<string>; contentType: string },
): Promise<Server> {
  const server = createServer((request, response) => {
    const path = (request.url ?? "/").split("?")[0];
    if (request.method !== "GET" || (path !== "/metrics" && path !== "/")) {
      response.writeHead(404, { "content-type": "text/plain" }).end("Not found\n");
      return;
    }
    source.metrics().then(
      (text) => response.writeHead(200, { "content-type": source.contentType }).end(text),
      (error: Error) =>
        response.writeHead(500, { "content-type": "text/plain" }).end(`${error.message}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}

/** The primary of WORKERS: every worker's metrics, summed (or their max, per metric). */
export function workersMetrics() {
  const aggregator = new AggregatorRegistry();
  return { metrics: () => aggregator.clusterMetrics(), contentType: aggregator.contentType };
}

/** A worker: hands `registry` to the primary when it asks (over node:cluster's channel). */
export function reportToPrimary(registry: Registry) {
  AggregatorRegistry.setRegistries([registry]);
  // Its constructor starts answering the primary's requests.
  new AggregatorRegistry();
}
