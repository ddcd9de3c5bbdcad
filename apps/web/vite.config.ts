import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

const apiTarget = `http://localhost:${process.env.PORT ?? 3000}`;

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

export default defineConfig({
  plugins: [react(), tailwindcss(), localBodyClass()],
  resolve: { alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) } },
  // /dev/mailbox is the server's page of kept mail (local mode).
  server: { port: 5173, strictPort: true, proxy: { "/api": apiTarget, "/dev/mailbox": apiTarget } },
  build: {
    outDir: "dist",
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than our code: a chunk of their own stays cached.
        codeSplitting: {
          groups: [
            {
              name: "react",
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
            },
            { name: "vendor", test: /node_modules[\\/]/ },
          ],
        },
      },
    },
  },
});
