import { existsSync, readFileSync } from "node:fs";
import { extname, join, resolve, sep } from "node:path";
import type { GlobalDilemma } from "@eitheror/shared/global-dilemma/schema";
import { groupMessages } from "@eitheror/shared/groups/schema";
import { escapeHtml, renderShell, shellIds } from "@eitheror/shared/shell/markup";
import type { MemberPage, MemberPaint } from "@eitheror/shared/shell/member-pages";
import type { InitialData } from "@eitheror/shared/shell/schema";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { apiNotFound } from "./errors";
import { type PagePreloads, pagePreloadsOf } from "./page-preloads";

interface SpaOptions {
  root: string;
  /** Adds the `local` class to <body> (spec: local-development flag). */
  local: boolean;
  /** The product title (APP_TITLE): the page's <title>, the brand and the share previews. */
  title: string;
  /** PUBLIC_URL: share previews need absolute addresses. */
  publicUrl: string;
  /**
   * Today's dilemma, written into `/` so the question paints with the page's
   * first bytes, and yesterday's result (null: none), so the app knows whether
   * to keep a place for it under the split.
   */
  todayView?: () => Promise<{ today: GlobalDilemma; yesterday: GlobalDilemma | null }>;
  /** The preview of a shared page (a day's result, a closed round), undefined for any other path. */
  sharePreview?: (path: string) => Promise<SharePreview | undefined>;
  /** A signed-in member's group page or closed round, painted (decision 0100); undefined for anyone else. */
  memberPage?: (
    request: FastifyRequest,
    page: MemberPage,
    query: URLSearchParams,
  ) => Promise<MemberPaint | undefined>;
  now?: () => Date;
}

/** A shared page's own preview: its text and its picture (a path under PUBLIC_URL). */
export interface SharePreview {
  title: string;
  description: string;
  imagePath: string;
  imageAlt: string;
}

/** The one line under the title wherever the page is shown: search results, share previews. */
const DESCRIPTION =
  "One question a day, two answers. Pick yours, see how the world split, and play with friends.";
const SHARE_IMAGE = { path: "/og-image.png", width: 1200, height: 630 };
const IMMUTABLE = "public, max-age=31536000, immutable";
/**
 * The service worker: asked for again at every check, so a new release is seen
 * at once (docs/decisions/0071-service-worker.md).
 */
const SERVICE_WORKER = "/sw.js";
/** The worker's push listeners (importScripts): checked at each update of the worker, like it. */
const WORKER_IMPORTS = "/sw-push.js";
/**
 * The page the service worker keeps to start the app offline: the page of any
 * client route (the loader, no data), at the address the build names it by.
 */
const SHELL_PATH = "/index.html";
const INVITE_PATH = /^\/invite\/[^/]+$/;
/** A shared round's page: its signed id has a dot, yet it is a page, not a file. */
const SHARED_ROUND_PATH = /^\/shared\/round\/[^/]+$/;

export interface PageOptions {
  local: boolean;
  title: string;
  publicUrl: string;
  /** The path asked for, without the query. */
  path: string;
  dilemma?: GlobalDilemma;
  /** Yesterday's result, handed to the app with today's dilemma (null: there was none). */
  yesterday?: GlobalDilemma | null;
  /** A shared page's own preview (decision 0028). */
  preview?: SharePreview;
  /** A member page's code and first reads, loaded beside the app's own code. */
  preloads?: PagePreloads;
  /** A member page's first screen, painted for its member (decision 0100). */
  painted?: MemberPaint;
  now?: Date;
}

/** What the preview of a page says: its own for a shared page, else the invitation's or the app's. */
function previewOf({ title, path, preview }: PageOptions) {
  if (preview) {
    return { ...preview, url: path, imagePath: preview.imagePath };
  }
  const invite = INVITE_PATH.test(path);
  return {
    // An invitation's preview says what its share button says (the group is not in the page).
    title: invite ? groupMessages.shareTitle : title,
    description: invite ? groupMessages.shareText(title) : DESCRIPTION,
    // Every other page shares the app's own preview, so it names the app's address.
    url: invite ? path : "/",
    imagePath: SHARE_IMAGE.path,
    imageAlt: `${title}: A or B?`,
  };
}

function shareTags(options: PageOptions): string {
  const { title, publicUrl } = options;
  const shown = previewOf(options);
  const heading = shown.title;
  const text = shown.description;
  const image = `${publicUrl}${shown.imagePath}`;
  const tags: Array<[string, string, string]> = [
    ["property", "og:type", "website"],
    ["property", "og:site_name", title],
    ["property", "og:title", heading],
    ["property", "og:description", text],
    ["property", "og:url", `${publicUrl}${shown.url}`],
    ["property", "og:image", image],
    ["property", "og:image:width", String(SHARE_IMAGE.width)],
    ["property", "og:image:height", String(SHARE_IMAGE.height)],
    ["property", "og:image:alt", shown.imageAlt],
    ["name", "twitter:card", "summary_large_image"],
    ["name", "twitter:title", heading],
    ["name", "twitter:description", text],
    ["name", "twitter:image", image],
  ];
  return tags
    .map(([kind, key, value]) => `<meta ${kind}="${key}" content="${escapeHtml(value)}" />`)
    .join("\n    ");
}

/**
 * A member page's preload tags. The reads go as the app's fetches do (CORS mode,
 * credentials same-origin: `crossorigin="anonymous"`), or the browser would not
 * hand their answers to those fetches and would ask again. A painted page names
 * no code: its first screen needs none, and 170 kB of chunks fetched beside the
 * page's stylesheet only delayed its paint on a slow link (decision 0100); the
 * app's entry fetches the screen's chunks, side by side, as it starts.
 */
function preloadTags(preloads: PagePreloads | undefined, painted: boolean): string {
  if (!preloads) return "";
  const modules = (painted ? [] : preloads.modules).map(
    (href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}">`,
  );
  const reads = preloads.reads.map(
    (href) => `<link rel="preload" as="fetch" crossorigin="anonymous" href="${escapeHtml(href)}">`,
  );
  return [...reads, ...modules].map((tag) => `${tag}\n  `).join("");
}

/** JSON that cannot end the <script> block it sits in, whatever text it carries. */
const scriptSafeJson = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

/**
 * The built index.html made into one page: the title (APP_TITLE) everywhere it
 * shows, share previews, the first screen painted before any script (today's
 * dilemma on `/`, else the loader), and the data the app starts from.
 */
export function renderPage(html: string, options: PageOptions): string {
  const { local, title, dilemma, yesterday, painted, now } = options;
  const safeTitle = escapeHtml(title);
  // The page's own title as the app names it (PageTitle), so it does not change as the app takes over.
  const pageTitle = painted ? escapeHtml(`${painted.screen} · ${title}`) : safeTitle;
  const initialData: InitialData = dilemma
    ? { globalDilemma: dilemma, ...(yesterday !== undefined && { yesterdayDilemma: yesterday }) }
    : {};
  const dataBlock = dilemma
    ? `<script type="application/json" id="${shellIds.initialData}">${scriptSafeJson(initialData)}</script>`
    : "";
  const shell = renderShell({ title, dilemma, content: painted?.html, now });
  return html
    .replace(/<title>[^<]*<\/title>/, () => `<title>${pageTitle}</title>`)
    .replace(/(<meta name="application-name" content=")[^"]*"/, `$1${safeTitle}"`)
    .replace("<!--share-meta-->", shareTags(options))
    .replace("</head>", () => `${preloadTags(options.preloads, painted !== undefined)}</head>`)
    .replace(/<body([^>]*)>/, local ? '<body$1 class="local">' : "<body$1>")
    .replace(`<div id="${shellIds.root}"></div>`, () => `<div id="${shellIds.root}">${shell}</div>`)
    .replace("</body>", () => `${dataBlock}</body>`);
}

/** The install manifest with the product title as its name. */
export function renderManifest(json: string, title: string): string {
  return JSON.stringify({ ...JSON.parse(json), name: title, short_name: title });
}

/** `root`: the build's folder, absolute, as @fastify/static names the files it sends. */
function cacheControlOf(root: string, path: string) {
  if (path.startsWith(join(root, "assets", sep))) return IMMUTABLE;
  const worker = path === join(root, SERVICE_WORKER) || path === join(root, WORKER_IMPORTS);
  return worker ? "no-cache" : "public, max-age=3600";
}

/** The build's files: hashed assets precompressed and cached for good, the rest for an hour. */
async function serveBuiltFiles(app: FastifyInstance, folder: string) {
  const root = resolve(folder);
  await app.register(fastifyStatic, {
    root,
    index: false,
    wildcard: false,
    // Each text asset has .br and .gz twins from the build; the browser gets the best it accepts.
    preCompressed: true,
    // The page is rendered per request; the twins are reached through their asset's own URL.
    // The build's manifest (.vite) is read by the server, not sent.
    globIgnore: [
      "index.html",
      "manifest.webmanifest",
      ".vite/**",
      "**/*.br",
      "**/*.gz",
      "**/*.map",
    ],
    setHeaders: (reply, path) => {
      reply.header("cache-control", cacheControlOf(root, path));
    },
  });
}

/** Today's dilemma (and yesterday's) for the page of `/`; the page works without (the app asks the API instead). */
async function pageDilemma(
  request: FastifyRequest,
  path: string,
  todayView: SpaOptions["todayView"],
): Promise<{ dilemma?: GlobalDilemma; yesterday?: GlobalDilemma | null }> {
  if (path !== "/" || !todayView) return {};
  try {
    const { today, yesterday } = await todayView();
    return { dilemma: today, yesterday };
  } catch (err) {
    request.log.warn({ err }, "today's dilemma could not be written into the page");
    return {};
  }
}

/** A shared page's preview; the page works without it (the app's own preview stands in). */
async function pagePreview(
  request: FastifyRequest,
  path: string,
  sharePreview: SpaOptions["sharePreview"],
): Promise<SharePreview | undefined> {
  if (!sharePreview) return undefined;
  try {
    return await sharePreview(path);
  } catch (err) {
    request.log.warn({ err }, "a shared page's preview could not be written into the page");
    return undefined;
  }
}

/**
 * Serves the built web app: hashed assets precompressed (brotli, gzip) and cached
 * for good, and the page for every other non-API path so client routes load (the
 * client redirects unknown ones to `/`). API paths that match no route answer a
 * 404 envelope.
 */
export const spaPlugin = fp(
  async (
    app: FastifyInstance,
    {
      root,
      local,
      title,
      publicUrl,
      todayView,
      sharePreview,
      memberPage,
      now = () => new Date(),
    }: SpaOptions,
  ) => {
    const indexFile = join(root, "index.html");
    const built = existsSync(indexFile);
    const template = built ? readFileSync(indexFile, "utf8") : "";
    const preloadsOf = pagePreloadsOf(root);
    const manifestFile = join(root, "manifest.webmanifest");
    const manifest = existsSync(manifestFile)
      ? renderManifest(readFileSync(manifestFile, "utf8"), title)
      : null;

    if (built) await serveBuiltFiles(app, root);
    if (manifest) {
      // A file of the web app, not an API route: kept out of the OpenAPI description.
      app.get("/manifest.webmanifest", { schema: { hide: true } }, async (_request, reply) =>
        reply
          .header("cache-control", "public, max-age=3600")
          .type("application/manifest+json")
          .send(manifest),
      );
    }

    app.setNotFoundHandler(async (request, reply) => {
      const path = request.url.split("?")[0] ?? "/";
      if (path === "/api" || path.startsWith("/api/")) {
        return reply.status(404).send(apiNotFound(request.method, request.url));
      }
      const wantsPage =
        (request.method === "GET" || request.method === "HEAD") &&
        (!extname(path) || SHARED_ROUND_PATH.test(path) || path === SHELL_PATH);
      if (!wantsPage) return reply.status(404).type("text/plain").send("Not found");
      if (!built) {
        return reply
          .status(503)
          .type("text/plain")
          .send(
            "The web app is not built yet: run `npm run build`, or `npm run dev` for development.",
          );
      }
      const days = await pageDilemma(request, path, todayView);
      const preview = await pagePreview(request, path, sharePreview);
      const preloads = preloadsOf(path, request.headers.cookie);
      // Named only with a session cookie: anyone else goes to sign in.
      const query = () => new URLSearchParams(request.url.slice(path.length + 1));
      const painted = preloads?.page && (await memberPage?.(request, preloads.page, query()));
      const page = renderPage(template, {
        ...{ local, title, publicUrl, path, preview, preloads, painted, ...days },
        now: now(),
      });
      // A member's own page is theirs alone: no shared cache keeps it.
      const caching = painted ? "private, no-cache" : "no-cache";
      return reply.header("cache-control", caching).type("text/html; charset=utf-8").send(page);
    });
  },
);
