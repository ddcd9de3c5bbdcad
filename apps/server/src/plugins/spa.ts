import { existsSync, readFileSync } from "node:fs";
import { extname, join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { escapeHtml } from "../lib/html";
import { apiNotFound } from "./errors";

interface SpaOptions {
  root: string;
  /** Adds the `local` class to <body> (spec: local-development flag). */
  local: boolean;
  /** The product title (APP_TITLE): the page's <title> and the brand the SPA shows. */
  title: string;
}

export function renderIndexHtml(html: string, { local, title }: Omit<SpaOptions, "root">): string {
  const safeTitle = escapeHtml(title);
  return html
    .replace(/<title>[^<]*<\/title>/, `<title>${safeTitle}</title>`)
    .replace(/(<meta name="application-name" content=")[^"]*"/, `$1${safeTitle}"`)
    .replace(/<body([^>]*)>/, local ? '<body$1 class="local">' : "<body$1>");
}

const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * Serves the built web app: hashed assets cached for good, and `index.html` for
 * every other non-API path so client routes load (the client redirects unknown
 * ones to `/`). API paths that match no route answer a 404 envelope.
 */
export const spaPlugin = fp(async (app: FastifyInstance, { root, local }: SpaOptions) => {
  const indexFile = join(root, "index.html");
  const built = existsSync(indexFile);
  const indexHtml = built
    ? readFileSync(indexFile, "utf8").replace(
        /<body([^>]*)>/,
        local ? '<body$1 class="local">' : "<body$1>",
      )
    : "";

  if (built) {
    await app.register(fastifyStatic, {
      root,
      index: false,
      wildcard: false,
      setHeaders: (res, path) => {
        res.header("cache-control", path.includes("/assets/") ? IMMUTABLE : "public, max-age=3600");
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split("?")[0] ?? "/";
    if (path === "/api" || path.startsWith("/api/")) {
      return reply.status(404).send(apiNotFound(request.method, request.url));
    }
    const wantsPage = (request.method === "GET" || request.method === "HEAD") && !extname(path);
    if (!wantsPage) return reply.status(404).type("text/plain").send("Not found");
    if (!built) {
      return reply
        .status(503)
        .type("text/plain")
        .send(
          "The web app is not built yet: run `npm run build`, or `npm run dev` for development.",
        );
    }
    return reply.header("cache-control", "no-cache").type("text/html").send(indexHtml);
  });
});
