// Bundles the server into dist/server.js: our workspace code (shared schemas
// included) is compiled in, npm packages stay external and load from node_modules.
// Then makes the empty PGlite cluster a first start unpacks (decision 0025).
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, rmSync, statSync } from "node:fs";
import { fileURLToPath } from "node:url";
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

/** As db/pglite-cluster.ts: the sizes of the installed PGlite's engine files. */
const fingerprint = ["pglite.wasm", "initdb.wasm", "pglite.data"]
  .map((file) => statSync(fileURLToPath(import.meta.resolve(`@electric-sql/pglite/${file}`))).size)
  .join("-");
const archive = `dist/pglite-cluster-${fingerprint}.tar.gz`;
if (!existsSync(archive)) {
  for (const old of readdirSync("dist").filter((name) => name.startsWith("pglite-cluster-"))) {
    rmSync(`dist/${old}`);
  }
  // In a process of its own: initdb's ~850 MB are gone with it.
  execFileSync(
    process.execPath,
    [
      "--input-type=module",
      "-e",
      `import { writeFileSync } from "node:fs";
       import { PGlite } from "@electric-sql/pglite";
       const pglite = await PGlite.create();
       const dump = await pglite.dumpDataDir("gzip");
       await pglite.close();
       writeFileSync(${JSON.stringify(archive)}, Buffer.from(await dump.arrayBuffer()));`,
    ],
    { stdio: "inherit" },
  );
}
