import { buildApp } from "./app";
import { ConfigError, loadConfig } from "./config";
import { seedDilemmaBank } from "./db/seed/seed";
import { DataDirInUseError } from "./lib/data-dir-lock";
import { openDatabase } from "./lib/db";

const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }

  const database = await openDatabase(
    config.DATABASE_URL
      ? { kind: "postgres", url: config.DATABASE_URL }
      : { kind: "pglite", dataDir: config.DATA_DIR },
  );
  await seedDilemmaBank(database.db);

  const app = await buildApp({ config, database });

  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, async () => {
      app.log.info({ signal }, "shutting down: finishing requests in flight");
      setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS).unref();
      // Not an onClose hook: those run before the HTTP server has drained, and a
      // request still in flight would find the database gone.
      await app.close();
      await app.settleWrites();
      await database.close();
      process.exit(0);
    });
  }

  try {
    await app.listen({ host: config.HOST, port: config.PORT });
  } catch (error) {
    await app.close();
    await database.close();
    if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE") throw error;
    console.error(`Port ${config.PORT} is already in use: stop the other server, or set PORT.`);
    process.exit(1);
  }
  app.log.info(
    `${config.APP_TITLE} is ready at ${config.publicUrl} (${database.kind}${database.kind === "pglite" ? ` in ${config.DATA_DIR}` : ""})`,
  );
}

main().catch((error) => {
  // A problem the operator can fix gets one readable line; anything else its stack.
  console.error(error instanceof DataDirInUseError ? error.message : error);
  process.exit(1);
});
