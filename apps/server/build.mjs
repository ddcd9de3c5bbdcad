// Bundles the server into dist/server.js: our workspace code (shared schemas
// included) is compiled in, npm packages stay external and load from node_modules.
import { build } from "esbuild";

await build({
  entryPoints: ["src/server.ts"],
  outfile: "dist/server.js",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: true,
  logLevel: "warning",
  plugins: [
    {
      name: "external-packages",
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith("@eitheror/") ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
