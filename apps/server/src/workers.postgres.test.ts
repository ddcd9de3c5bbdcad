// WORKERS=2: one server process forks two workers that share its port (node:cluster),
// each the whole app on the same PostgreSQL database. Connections go to both, the
// metrics port adds their figures up, and SIGTERM stops them all gracefully.
import { once } from "node:events";
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshServerData, parseMetrics, samplesOf } from "../test/remote-game";
import {
  freePort,
  killHard,
  type ServerChild,
  startServer,
  waitUntilReady,
} from "../test/server-process";

/** Connections made at most, and at least: enough for both processes to take turns. */
const REQUESTS = 240;
const MIN_REQUESTS = 24;

let server: ServerChild;
let metricsPort: number;
const cleanups: (() => Promise<void> | void)[] = [];

beforeAll(async () => {
  metricsPort = await freePort();
  server = await startServer({
    ...(await freshServerData(cleanups)),
    WORKERS: "2",
    METRICS_PORT: String(metricsPort),
  });
  await waitUntilReady(server);
}, 180_000);
afterAll(async () => {
  if (server) await killHard(server.child);
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** GET on a connection of its own (node:cluster hands out connections, not requests): the request id answered. */
function getAlone(url: string): Promise<string> {
  return new Promise((resolve, reject) => {
    request(url, { agent: false }, (response) => {
      response.resume();
      response.on("end", () => resolve(String(response.headers["x-request-id"])));
    })
      .on("error", reject)
      .end();
  });
}

describe("WORKERS=2 on PostgreSQL", () => {
  it("serves from both workers on one port, adds their metrics up, and stops them all on SIGTERM", async () => {
    // Each process makes up its ids under a prefix of its own (app.ts). The port answers
    // once one process listens; on a loaded machine the other may still be starting, so
    // connections are made until both have answered (node:cluster takes turns), or REQUESTS.
    const prefixes = new Set<string>();
    let requests = 0;
    while (requests < REQUESTS && (prefixes.size < 2 || requests < MIN_REQUESTS)) {
      prefixes.add((await getAlone(`${server.baseUrl}/api/health`)).split("-")[0] ?? "");
      requests += 1;
      if (prefixes.size < 2) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(prefixes.size).toBe(2);

    const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    const health = samplesOf(parseMetrics(text), "eitheror_http_request_duration_seconds_count", {
      route: "/api/health",
      status: "200",
    });
    expect(health.map((sample) => sample.value)).toEqual([requests]);
    // Per process, summed: two event loops, two pools.
    const pools = samplesOf(parseMetrics(text), "eitheror_db_pool_connections", { state: "max" });
    expect(pools.map((sample) => sample.value)).toEqual([20]);

    const exited = once(server.child, "exit");
    server.child.kill("SIGTERM");
    const [code] = await exited;
    expect(code).toBe(0);
    await expect(fetch(`${server.baseUrl}/api/health`)).rejects.toThrow();
    expect(server.output()).toContain("2 workers");
  }, 120_000);
});
