import { fileURLToPath } from "node:url";
import { defineConfig, type TestProjectInlineConfiguration } from "vitest/config";

type TestDb = "pglite" | "postgres";

/** The unit and component tests' time limit: for a hung test, well above a loaded machine's pace. */
const TEST_TIMEOUT_MS = 20_000;

/** The same server suite, once per database engine (docs/architecture.md). */
function integration(db: TestDb): TestProjectInlineConfiguration {
  return {
    test: {
      name: `integration-${db}`,
      include: ["apps/server/src/**/*.test.ts"],
      // `*.postgres.test.ts`: faults of a PostgreSQL server (a restart), nothing PGlite has;
      // `*.pglite.test.ts`: PGlite's own folder (its lock, its cluster), no database server's.
      exclude: [`apps/server/src/**/*.${db === "pglite" ? "postgres" : "pglite"}.test.ts`],
      environment: "node",
      env: { TEST_DB: db },
      globalSetup: [`apps/server/test/global-setup-${db}.ts`],
      setupFiles: ["apps/server/test/setup.ts"],
      testTimeout: 30_000,
      // One module graph per worker, not per file: the app and its libraries load
      // once (about 40 s less per engine). No suite mocks modules, and what a test
      // changes of shared state (the test clock) test/setup.ts resets after it.
      isolate: false,
      hookTimeout: 60_000,
    },
  };
}

export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: "unit",
          include: ["packages/shared/src/**/*.test.ts", "tools/**/*.test.ts"],
          environment: "node",
          // Beside the integration suites on two cores, a property test's hundred runs
          // have taken 6 s: a time limit is for a test that hangs, not a slow machine.
          testTimeout: TEST_TIMEOUT_MS,
        },
      },
      {
        // Web components in a DOM (happy-dom), driven as a user would with Testing Library.
        resolve: { alias: { "@": fileURLToPath(new URL("apps/web/src", import.meta.url)) } },
        test: {
          name: "web",
          // vite/: the web build's own plugins (the landing page's budget).
          include: ["apps/web/src/**/*.test.{ts,tsx}", "apps/web/vite/**/*.test.ts"],
          environment: "happy-dom",
          setupFiles: ["apps/web/test/setup.ts"],
          // One module graph and DOM per worker, as the integration suites: React, the
          // router and Testing Library load once, not for each of sixty files (54 s → 15 s alone).
          // No suite mocks modules; stubs are undone after each test, the DOM by cleanup().
          isolate: false,
          testTimeout: TEST_TIMEOUT_MS,
        },
      },
      integration("pglite"),
      // CI sets TEST_DATABASE_URL; without it the suite runs on embedded PGlite only.
      ...(process.env.TEST_DATABASE_URL ? [integration("postgres")] : []),
    ],
  },
});
