// @ts-check
// `npm run cluster`: the product as it runs beyond one process, on this machine:
// one PostgreSQL database, CLUSTER_INSTANCES app instances (2), and nginx in
// front of them (Debian's package; a config of its own in a temporary folder,
// never the system's), taking turns round-robin with no sticky sessions.
// Ctrl-C stops them all gracefully. docs/operations.md says how to run it for real.
//
//   CLUSTER_PORT        where nginx listens (8080); the instances on the next ports
//   CLUSTER_INSTANCES   how many instances (2)
//   CLUSTER_APP_PORT    the first instance's port (CLUSTER_PORT + 1); 0: free ports
//                       at random (tests); each instance's METRICS_PORT follows the
//                       instances' ports (0: at random too)
//   DATABASE_URL        the database; unset: CLUSTER_DATABASE (eitheror_cluster) on
//                       CLUSTER_POSTGRES (postgres://postgres@127.0.0.1:5432/postgres),
//                       created when missing
//   CLUSTER_FRESH=1     drops and creates that database first, and drops it at the end
//   CLUSTER_FROM_SOURCE=1  runs the TypeScript sources with tsx instead of the build
// Everything else (APP_ENV, SMTP_URL, the limits…) reaches every instance as set.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ensureBuilt, root } from "./built.mjs";
import { freePort } from "./free-port.mjs";

const require = createRequire(join(root, "apps/server/package.json"));
const pg = require("pg");

const NGINX = process.env.CLUSTER_NGINX ?? "/usr/sbin/nginx";
const env = process.env;
const instanceCount = Number(env.CLUSTER_INSTANCES ?? 2);
const proxyPort = Number(env.CLUSTER_PORT ?? 8080);
const fromSource = env.CLUSTER_FROM_SOURCE === "1";
const fresh = env.CLUSTER_FRESH === "1";
const publicUrl = env.PUBLIC_URL ?? `http://localhost:${proxyPort}`;

/** @param {string} message @returns {never} */
function fail(message) {
  console.error(`npm run cluster: ${message}`);
  process.exit(1);
}

if (!Number.isInteger(instanceCount) || instanceCount < 1)
  fail("CLUSTER_INSTANCES must be 1 or more");

/** The instances' ports and their metrics ports: after the proxy's, or free ones at random. */
async function choosePorts() {
  const first = Number(env.CLUSTER_APP_PORT ?? proxyPort + 1);
  const ports = [];
  for (let i = 0; i < instanceCount; i++) {
    ports.push({
      port: first === 0 ? await freePort() : first + i,
      metricsPort: first === 0 ? await freePort() : first + instanceCount + i,
    });
  }
  return ports;
}

const quote = (/** @type {string} */ name) => `"${name.replaceAll('"', '""')}"`;

/** DATABASE_URL, or a database of the cluster's own on the local server (created when missing). */
async function prepareDatabase() {
  if (env.DATABASE_URL) return { url: env.DATABASE_URL, drop: async () => {} };
  const serverUrl = env.CLUSTER_POSTGRES ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const name = env.CLUSTER_DATABASE ?? "eitheror_cluster";
  const admin = async (/** @type {string} */ statement) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      return await client.query(statement);
    } finally {
      await client.end();
    }
  };
  try {
    if (fresh) await admin(`DROP DATABASE IF EXISTS ${quote(name)} WITH (FORCE)`);
    const found = await admin(
      `SELECT 1 FROM pg_database WHERE datname = '${name.replaceAll("'", "''")}'`,
    );
    if (found.rowCount === 0) await admin(`CREATE DATABASE ${quote(name)}`);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    fail(`no PostgreSQL at ${serverUrl} (${why}): start one, or set DATABASE_URL`);
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: fresh
      ? () => admin(`DROP DATABASE IF EXISTS ${quote(name)} WITH (FORCE)`)
      : async () => {},
  };
}

/**
 * Every instance must sign sessions with the same secret: AUTH_SECRET, or the
 * one `npm start` keeps in DATA_DIR (made there if missing), so sessions outlive a restart.
 */
function sharedSecret() {
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  const dataDir = env.DATA_DIR ?? join(root, "data");
  const file = join(dataDir, "auth-secret");
  try {
    return readFileSync(file, "utf8").trim();
  } catch {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    const secret = randomBytes(32).toString("base64url");
    writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}

/** @typedef {{ port: number, metricsPort: number }} InstancePorts */

/**
 * What SSE and a fair spread need of nginx (docs/operations.md has the same, commented).
 * @param {string} folder
 * @param {InstancePorts[]} instances
 */
function nginxConfig(folder, instances) {
  const servers = instances.map(({ port }) => `    server 127.0.0.1:${port};`).join("\n");
  return `worker_processes 1;
pid ${folder}/nginx.pid;
events { worker_connections 1024; }
http {
  access_log ${env.CLUSTER_ACCESS_LOG === "1" ? "/dev/stdout" : "off"};
  client_body_temp_path ${folder}/client-body;
  proxy_temp_path ${folder}/proxy;
  fastcgi_temp_path ${folder}/fastcgi;
  uwsgi_temp_path ${folder}/uwsgi;
  scgi_temp_path ${folder}/scgi;
  # A profile photo is up to 10 MB.
  client_max_body_size 12m;
  # Round-robin, the default: no sticky sessions, any instance serves anyone.
  upstream eitheror {
${servers}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${proxyPort};
    location / {
      proxy_pass http://eitheror;
      # HTTP/1.1 with kept-alive connections to the instances.
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      # The instances trust this proxy (TRUST_PROXY) and read the client's address
      # from the right-most entry, the one nginx adds itself.
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      # One id for a request in nginx's log and the instance's.
      proxy_set_header X-Request-Id $request_id;
      # Live group streams (SSE): every event passed on at once, held open for
      # long (a heartbeat comes every 15 s).
      proxy_buffering off;
      proxy_read_timeout 1h;
      proxy_send_timeout 1h;
      # Which instance answered (this cluster's own, for tests and curiosity).
      add_header X-Served-By $upstream_addr always;
    }
  }
}
`;
}

/** @type {Set<import("node:child_process").ChildProcess>} */
const children = new Set();
let stopping = false;

/**
 * Runs a child, its lines prefixed with its name.
 * @param {string} name
 * @param {string} command
 * @param {string[]} args
 * @param {NodeJS.ProcessEnv} childEnv
 */
function run(name, command, args, childEnv) {
  const child = spawn(command, args, {
    cwd: root,
    env: childEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  /** @param {import("node:stream").Readable} stream @param {NodeJS.WritableStream} out */
  const prefix = (stream, out) => {
    let rest = "";
    stream.on("data", (/** @type {Buffer} */ chunk) => {
      const lines = (rest + chunk).split("\n");
      rest = lines.pop() ?? "";
      for (const line of lines) out.write(`[${name}] ${line}\n`);
    });
  };
  prefix(child.stdout, process.stdout);
  prefix(child.stderr, process.stderr);
  children.add(child);
  child.on("exit", (code, signal) => {
    children.delete(child);
    if (!stopping)
      console.error(`[${name}] exited (${signal ?? `code ${code}`}); the others go on`);
  });
  return child;
}

/**
 * @param {InstancePorts} ports
 * @param {number} i
 * @param {string} databaseUrl
 * @param {string} secret
 */
function startInstance({ port, metricsPort }, i, databaseUrl, secret) {
  const entry = fromSource
    ? ["--import", "tsx", "apps/server/src/server.ts"]
    : ["apps/server/dist/server.js"];
  return run(`app${i + 1}`, process.execPath, entry, {
    ...env,
    PORT: String(port),
    METRICS_PORT: String(metricsPort),
    DATABASE_URL: databaseUrl,
    AUTH_SECRET: secret,
    PUBLIC_URL: publicUrl,
    // nginx on this machine is the one hop in front.
    TRUST_PROXY: "1",
    WORKERS: "1",
  });
}

/**
 * @param {string} url
 * @param {import("node:child_process").ChildProcess} child
 * @param {string} what
 */
async function untilUp(url, child, what) {
  for (let waited = 0; waited < 120_000; waited += 200) {
    if (child.exitCode !== null) fail(`${what} exited before it was ready`);
    const status = await fetch(url)
      .then((response) => response.status)
      .catch(() => 0);
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  fail(`${what} was not ready within 2 minutes`);
}

async function main() {
  if (!fromSource) ensureBuilt();
  const database = await prepareDatabase();
  const secret = sharedSecret();
  const ports = await choosePorts();
  const folder = mkdtempSync(join(tmpdir(), "eitheror-cluster-"));
  // nginx's workers (nobody, when it runs as root) make their temporary folders in it.
  chmodSync(folder, 0o755);
  writeFileSync(join(folder, "nginx.conf"), nginxConfig(folder, ports));

  const instances = ports.map((ports, i) => ({
    ...ports,
    child: startInstance(ports, i, database.url, secret),
  }));
  await Promise.all(
    instances.map(({ port, child }, i) =>
      untilUp(`http://127.0.0.1:${port}/api/ready`, child, `app${i + 1}`),
    ),
  );
  const nginx = run(
    "nginx",
    NGINX,
    ["-e", "stderr", "-p", folder, "-c", join(folder, "nginx.conf"), "-g", "daemon off;"],
    env,
  );
  nginx.on("error", (error) =>
    fail(`nginx did not start (${error.message}): apt-get install nginx`),
  );
  await untilUp(`http://127.0.0.1:${proxyPort}/api/ready`, nginx, "nginx");

  const status = {
    proxy: publicUrl,
    instances: instances.map(({ port, metricsPort, child }) => ({
      port,
      metricsPort,
      pid: child.pid,
    })),
  };
  console.log(`eitheror cluster ready: ${JSON.stringify(status)}`);

  const stop = async () => {
    if (stopping) return;
    stopping = true;
    // nginx first (SIGQUIT: its open requests finish), then each instance gracefully.
    const exits = [...children].map(
      (child) => new Promise((resolve) => child.once("exit", resolve)),
    );
    nginx.kill("SIGQUIT");
    for (const { child } of instances) child.kill("SIGTERM");
    await Promise.all(exits);
    await database
      .drop()
      .catch((error) => console.error(`dropping the database: ${error.message}`));
    rmSync(folder, { recursive: true, force: true });
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((error) => fail(error.stack ?? String(error)));
