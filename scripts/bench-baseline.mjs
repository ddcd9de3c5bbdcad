// @ts-check
// The bench's yardsticks (scripts/bench.mjs starts this process beside the app):
// bare Fastify routes with none of the app's plugins, on the same engine as the
// app under test. Each route gets the same requests as the app's scenario beside it
// (cookies, anti-forgery header, body), and makes nothing of them but the body.
//   GET  /json    the same JSON body as GET /api/dilemmas/global, serialised by Fastify
//   POST /hot     one `UPDATE … SET n = n + 1` on a single row (the naive counter)
//   POST /insert  one INSERT of a new keyed row (the body's JSON in it)
// On PostgreSQL (BASELINE_DATABASE_URL) through `pg`, with a pool as large as the
// app's; on PGlite in a folder of its own (BASELINE_DATA_DIR), as the app runs it.
import { randomUUID } from "node:crypto";
import Fastify from "fastify";

const port = Number(process.env.BASELINE_PORT);
const body = JSON.parse(process.env.BASELINE_JSON ?? "{}");
const POOL_SIZE = 10; // db/client.ts

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS bench_counter (id int PRIMARY KEY, n bigint NOT NULL);
  INSERT INTO bench_counter VALUES (1, 0) ON CONFLICT DO NOTHING;
  CREATE TABLE IF NOT EXISTS bench_rows (
    id text PRIMARY KEY,
    value text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  );
`;

/**
 * @typedef {object} Engine
 * @property {(text: string, values?: unknown[]) => Promise<{ rows: any[] }>} query
 * @property {() => Promise<void>} close
 */

/** @returns {Promise<Engine>} */
async function openEngine() {
  if (process.env.BASELINE_DATABASE_URL) {
    const { default: pg } = await import("pg");
    const pool = new pg.Pool({
      connectionString: process.env.BASELINE_DATABASE_URL,
      max: POOL_SIZE,
    });
    await pool.query(SCHEMA);
    return { query: (text, values) => pool.query(text, values), close: () => pool.end() };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const pglite = await PGlite.create(process.env.BASELINE_DATA_DIR);
  await pglite.exec(SCHEMA);
  return { query: (text, values) => pglite.query(text, values), close: () => pglite.close() };
}

const engine = await openEngine();
const app = Fastify({ logger: false });

app.get("/json", async () => body);

app.post("/hot", async () => {
  const { rows } = await engine.query(
    "UPDATE bench_counter SET n = n + 1 WHERE id = 1 RETURNING n",
  );
  return { data: { n: Number(rows[0].n) } };
});

app.post("/insert", async (request) => {
  const id = randomUUID();
  await engine.query("INSERT INTO bench_rows (id, value) VALUES ($1, $2)", [
    id,
    JSON.stringify(request.body ?? null),
  ]);
  return { data: { id } };
});

app.get("/ready", async () => ({ ok: true }));

for (const signal of ["SIGTERM", "SIGINT"]) {
  process.once(signal, async () => {
    await app.close();
    await engine.close();
    process.exit(0);
  });
}

await app.listen({ host: "127.0.0.1", port });
