import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { landingBudget } from "./vite/landing-budget.ts";
import { reactRouterTreeShaking } from "./vite/react-router-pure.ts";

/**
 * The API behind the dev server. The proxy adds no X-Forwarded-* header (xfwd)
 * and keeps the browser's Host (changeOrigin): the API then sees what a browser
 * on this machine sends, and its helpers for this machine only (/dev/mailbox)
 * check the same Host a rebound DNS name would change.
 */
const api = {
  target: `http://localhost:${process.env.PORT ?? 3000}`,
  changeOrigin: false,
  xfwd: false,
};

/** In dev the page comes from Vite, so Vite adds the `local` body class the server adds in production. */
function localBodyClass(): Plugin {
  return {
    name: "local-body-class",
    apply: "serve",
    transformIndexHtml: (html) =>
      (process.env.APP_ENV ?? "local") === "local"
        ? html.replace("<body>", '<body class="local">')
        : html,
  };
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const COMPRESSIBLE = /\.(js|css|svg|json|webmanifest)$/;
/** Below this a compressed copy saves less than its own headers cost. */
const MIN_COMPRESS_BYTES = 1024;

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside each text asset of the
 * build, once, at the highest levels: the server then sends the copy the browser
 * accepts (@fastify/static `preCompressed`) without compressing per request.
 */
function precompress(): Plugin {
  let outDir = "";
  return {
    name: "precompress",
    apply: "build",
    configResolved: (config) => {
      outDir = config.build.outDir.startsWith("/")
        ? config.build.outDir
        : join(config.root, config.build.outDir);
    },
    async closeBundle() {
      // .vite holds the build's manifest, which the server reads and never sends.
      const files = (await readdir(outDir, { recursive: true })).filter(
        (file) => COMPRESSIBLE.test(file) && !file.startsWith(".vite"),
      );
      await Promise.all(
        files.map(async (file) => {
          const path = join(outDir, file);
          if ((await stat(path)).size < MIN_COMPRESS_BYTES) return;
          const source = await readFile(path);
          const [br, gz] = await Promise.all([
            brotli(source, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
              },
            }),
            gzipAsync(source, { level: constants.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
        }),
      );
    },
  };
}

/** What the worker's own functions below use of its global scope (this file's types have no worker). */
interface WorkerScope {
  registration: object;
  clients: {
    matchAll(options: { type: "window" }): Promise<{ postMessage(message: unknown): void }[]>;
  };
}

/**
 * The service worker (docs/decisions/0071-service-worker.md): the app shell and
 * the build's files precached, so a reload offline starts the app; a page is
 * asked of the server first and the precached shell stands in only when it does
 * not answer; the API is never seen by the worker, so no answer is ever kept.
 * A new build waits until the person says Reload (registerType "prompt").
 */
function serviceWorker() {
  return VitePWA({
    registerType: "prompt",
    // Registered by src/app/service-worker.tsx, loaded after the first screen.
    injectRegister: false,
    // public/manifest.webmanifest is the manifest (the server writes the title into it).
    manifest: false,
    strategies: "generateSW",
    workbox: {
      // The push and notificationclick listeners (public/sw-push.js, decision 0076).
      importScripts: ["/sw-push.js"],
      globPatterns: ["index.html", "assets/*.{js,css}", "theme.js", "favicon.svg", "icon-192.png"],
      // Hashed names change with their content: no revision needed.
      dontCacheBustURLsMatching: /^assets\//,
      // The shell is served for navigations only when the network fails (below), never first.
      navigateFallback: null,
      runtimeCaching: [
        {
          // Its own source goes into the worker: the API and this machine's helpers (/dev) are not pages.
          urlPattern: ({ request, url }) =>
            request.mode === "navigate" && !/^\/(api|dev)(\/|$)/.test(url.pathname),
          handler: "NetworkOnly",
          options: { precacheFallback: { fallbackURL: "/index.html" } },
        },
        {
          // Today's pick, sent without a network: kept and sent once the connection is
          // back (Background Sync, docs/decisions/0079-offline-copy-and-queued-picks.md).
          // The worker sees no other API call. Its functions are written into sw.js as
          // their source: they use nothing from this file.
          urlPattern: ({ url }) => /^\/api\/dilemmas\/global\/[^/]+\/selection$/.test(url.pathname),
          method: "POST",
          handler: "NetworkOnly",
          options: {
            backgroundSync: {
              name: "picks",
              options: {
                // Minutes: a pick older than half a day is for a day that has passed.
                maxRetentionTime: 12 * 60,
                onSync: async ({ queue }) => {
                  const worker = self as unknown as WorkerScope;
                  // Without Background Sync, the queue would send it at the worker's next
                  // start, long after the page said it was not sent: it is dropped.
                  if (!("sync" in worker.registration)) {
                    while (await queue.shiftRequest()) {}
                    return;
                  }
                  await queue.replayRequests();
                  for (const client of await worker.clients.matchAll({ type: "window" })) {
                    client.postMessage({ type: "eitheror:picks-sent" });
                  }
                },
              },
            },
            plugins: [
              {
                // Queued (only where the browser will send it when the connection is
                // back), the page is told so; elsewhere the failure stands: not sent.
                handlerDidError: async () =>
                  "sync" in (self as unknown as WorkerScope).registration
                    ? new Response(
                        JSON.stringify({
                          error: {
                            code: "pick_queued",
                            message: "You are offline: your pick will be sent when you are back.",
                          },
                        }),
                        { status: 503, headers: { "content-type": "application/json" } },
                      )
                    : undefined,
              },
            ],
          },
        },
      ],
      directoryIndex: null,
      cleanupOutdatedCaches: true,
      clientsClaim: true,
      // One file the server serves with no-cache: no workbox-*.js beside it.
      inlineWorkboxRuntime: true,
      sourcemap: false,
    },
  });
}

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    localBodyClass(),
    reactRouterTreeShaking(),
    serviceWorker(),
    precompress(),
    landingBudget(),
  ],
  resolve: { alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) } },
  // /dev/mailbox is the server's page of kept mail (local mode).
  server: { port: 5173, strictPort: true, proxy: { "/api": api, "/dev/mailbox": api } },
  build: {
    outDir: "dist",
    // Source maps would publish the sources to anyone; errors are read in development.
    sourcemap: false,
    // Every browser the app supports preloads modules itself (the polyfill is 0.4 kB on `/`).
    modulePreload: { polyfill: false },
    // Which files each screen's code is in: the server names them in a member page's
    // head, so they load beside the app's own code (apps/server/src/plugins/page-preloads.ts).
    manifest: true,
    rolldownOptions: {
      output: {
        // What `/` loads (docs/decisions/0022): the libraries it runs on, which change
        // less often than our code, in a chunk of their own that stays cached; the rest
        // of what it imports statically ($initial) in the entry. Everything else splits
        // by what imports it, so what only other screens use (zod, forms, Radix) loads
        // with them; their icons come as one chunk rather than a dozen tiny ones.
        codeSplitting: {
          groups: [
            {
              name: "react",
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack)[\\/]/,
              priority: 2,
            },
            { name: "landing", tags: ["$initial"], priority: 1 },
            { name: "icons", test: /node_modules[\\/]lucide-react[\\/]/ },
            // The groups', rounds', dilemmas' and moderation's shared schemas in one chunk:
            // issue 38's screens share them in twos (admin and group profile, admin and a past
            // round), and each chunk more is a name more in the preload map `/` loads (its
            // budget, docs/decisions/0022). Without their dependencies, which stay in the
            // chunks every screen shares; the four import each other, so they go together
            // (split, two chunks would import each other and one would run first).
            {
              name: "schema",
              test: /packages[\\/]shared[\\/]src[\\/]((groups|rounds|dilemmas)[\\/]schema|moderation[\\/])/,
              includeDependenciesRecursively: false,
            },
            // The small UI parts the screens share (cards, fields, dialogs, avatars) in one
            // chunk rather than a dozen, for the same reason; those `/` uses stay in its own,
            // and the menus stay with Radix, which a screen without a menu does not load.
            {
              name: "ui",
              test: /apps[\\/]web[\\/]src[\\/]components[\\/]ui[\\/](?!(dropdown-menu|theme-menu-content|menu|deferred-menu)\.)/,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});
