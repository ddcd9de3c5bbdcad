import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Metrics } from "../lib/metrics";
import { apiNotFound } from "./errors";

/**
 * Times every answer by its method, the route it matched (the pattern, as
 * `/api/groups/:id`, never the URL asked for: ids stay out of the labels) and
 * its status. Registered only when METRICS_PORT is set: the hot paths pay
 * nothing otherwise.
 */
export const metricsPlugin = fp(async (app: FastifyInstance, { metrics }: { metrics: Metrics }) => {
  app.addHook("onResponse", (request, reply, done) => {
    const route = request.routeOptions.url ?? "unmatched";
    metrics.request(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
});

/**
 * The app's own port never serves the metrics, whether they are on or off: a
 * scraper pointed at it gets a 404, not the web app's page.
 */
export const noMetricsHere = fp(async (app: FastifyInstance) => {
  app.get("/metrics", { schema: { hide: true } }, async (request, reply) =>
    reply.status(404).send(apiNotFound(request.method, request.url)),
  );
});
