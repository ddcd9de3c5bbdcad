import { randomBytes } from "node:crypto";
import Fastify, { type FastifyServerOptions } from "fastify";
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import type { Config } from "./config";
import { backupSocketPlace, serveBackups } from "./db/backup/channel";
import type { Database } from "./db/client";
import { accountRoutes } from "./features/account/routes";
import { authRoutes } from "./features/auth/routes";
import { dilemmasRoutes } from "./features/dilemmas/routes";
import { feedbackRoutes } from "./features/feedback/routes";
import { globalDilemmaRoutes } from "./features/global-dilemma/routes";
import { groupsRoutes } from "./features/groups/routes";
import { healthRoutes } from "./features/health/routes";
import { devMailboxRoutes } from "./features/mail/routes";
import { moderationRoutes } from "./features/moderation/routes";
import { notificationsRoutes } from "./features/notifications/routes";
import { profileImagesRoutes } from "./features/profile-images/routes";
import { pushRoutes } from "./features/push/routes";
import { memberPagePainter } from "./features/rounds/pages";
import { roundsRoutes } from "./features/rounds/routes";
import { shareRoutes } from "./features/share/routes";
import { testClockRoutes } from "./features/test-clock/routes";
import { usersRoutes } from "./features/users/routes";
import { loadAuthSecret } from "./lib/auth/secret";
import { type Clock, createClock } from "./lib/clock";
import { errorForLog } from "./lib/http/log-errors";
import { requestLoggers } from "./lib/http/request-logger";
import { trustedPeer } from "./lib/http/trusted-proxy";
import { type LiveStreams, liveStreamCount } from "./lib/live/event-stream";
import { createMetrics } from "./lib/metrics";
import { createRequestWatch } from "./lib/paced";
import { paths } from "./paths";
import { authPlugin } from "./plugins/auth";
import { docsPlugin } from "./plugins/docs";
import { clientErrors, errorsPlugin, frameworkErrors, MAX_PATH_SEGMENT } from "./plugins/errors";
import { inputPlugin } from "./plugins/input";
import { metricsPlugin, noMetricsHere } from "./plugins/metrics";
import { responseHeadersPlugin, securityPlugin } from "./plugins/security";
import { spaPlugin } from "./plugins/spa";
import { createServices, type Services } from "./services";

export interface AppOptions {
  config: Config;
  /** Where log lines go (tests read them); default: standard output. */
  logStream?: { write(line: string): void };
  /** Opened, migrated and seeded by the caller, who also closes it. */
  database: Database;
  /** The app's "now" (tests move their own); default: the real time. */
  clock?: Clock;
  /** The built web app (tests point it at a folder of their own). */
  webRoot?: string;
  /** How long a request may take to arrive in full (tests shorten it); default REQUEST_TIMEOUT_MS. */
  requestTimeoutMs?: number;
}

/**
 * How long a request may take to arrive, headers and body: Node's own default,
 * which Fastify turns off for servers behind a proxy that has one; this one may
 * face the network itself. A phone uploads a 10 MB photo within it at 0.3 Mbit/s,
 * and a client that sends a byte now and then (slowloris) cannot hold a
 * connection for good.
 */
export const REQUEST_TIMEOUT_MS = 300_000;

const REQUEST_ID = /^[\w-]{1,64}$/;

/**
 * Request ids this instance makes up: a random prefix of its own and a counter,
 * like `3f9c0a7e-2bq`. Unique across instances and restarts, in order within one,
 * short on the wire, and without a call to the random source per request.
 */
function requestIds(): () => string {
  const prefix = randomBytes(4).toString("hex");
  let count = 0;
  return () => `${prefix}-${(++count).toString(36)}`;
}
const LOOPBACK_NAMES = ["localhost", "127.0.0.1"];

/** An origin on this machine by either of its names; any other as it is. */
function byEitherName(origin: string): string[] {
  const url = new URL(origin);
  if (!LOOPBACK_NAMES.includes(url.hostname)) return [origin];
  return LOOPBACK_NAMES.map((host) => `${url.protocol}//${host}${url.port ? `:${url.port}` : ""}`);
}

/**
 * Pages that may send cookie requests: PUBLIC_URL's; in local mode also this
 * machine by either name; and the Vite dev server's only when `npm run dev` runs
 * it (DEV_SERVER_ORIGIN, which production refuses): a port no server of ours
 * holds could be any program's.
 */
function trustedOrigins(config: Config): string[] {
  const origins = [new URL(config.publicUrl).origin];
  if (config.APP_ENV === "local") origins.push(...byEitherName(`http://localhost:${config.PORT}`));
  if (config.DEV_SERVER_ORIGIN) origins.push(...byEitherName(config.DEV_SERVER_ORIGIN));
  return [...new Set(origins)];
}

/**
 * TRUST_PROXY as Fastify takes it. A hop count becomes a function: this Fastify
 * trusts no hop of a bare number, and `true` would trust every hop, the
 * left-most X-Forwarded-For entry, which the client writes (decision 0037).
 */
function trustedProxies(trust: Config["TRUST_PROXY"]) {
  if (typeof trust !== "number") return trust;
  return (_address: string, hop: number) => hop < trust;
}

function loggerOptions(
  config: Config,
  stream: AppOptions["logStream"],
): FastifyServerOptions["logger"] {
  const level = config.LOG_LEVEL ?? (config.APP_ENV === "test" ? "warn" : "info");
  // An error's causes in its line, and a failed query without its values (lib/http/log-errors.ts).
  const serializers = { err: errorForLog };
  if (config.APP_ENV !== "local" || stream)
    return { level, serializers, ...(stream && { stream }) };
  return {
    level,
    serializers,
    transport: {
      target: "pino-pretty",
      options: { translateTime: "HH:MM:ss", ignore: "pid,hostname", singleLine: true },
    },
  };
}

function createFastify(
  config: Config,
  requestTimeoutMs: number,
  logStream: AppOptions["logStream"],
) {
  const newRequestId = requestIds();
  // A proxy's request id is taken only from a proxy this server trusts: anyone
  // else's would be written by the client, to muddle the logs.
  const fromTrustedProxy = trustedPeer(trustedProxies(config.TRUST_PROXY));
  const app = Fastify({
    logger: loggerOptions(config, logStream),
    childLoggerFactory: requestLoggers,
    requestTimeout: requestTimeoutMs,
    // While closing (a SIGTERM), a request that still arrives on an open connection
    // is served, and its connection closed after: a proxy in front then sends the
    // next one elsewhere, instead of relaying Fastify's bare 503 to the caller.
    return503OnClosing: false,
    // Node checks every connection's time this often (default 30 s).
    http: { connectionsCheckingInterval: Math.min(30_000, Math.ceil(requestTimeoutMs / 4)) },
    // Not `requestIdHeader`: Fastify would then take the header as is and skip genReqId.
    requestIdHeader: false,
    frameworkErrors,
    routerOptions: { maxParamLength: MAX_PATH_SEGMENT },
    clientErrorHandler: clientErrors,
    trustProxy: trustedProxies(config.TRUST_PROXY),
    genReqId: (request) => {
      const incoming = request.headers["x-request-id"];
      return typeof incoming === "string" &&
        REQUEST_ID.test(incoming) &&
        fromTrustedProxy(request.socket?.remoteAddress ?? "")
        ? incoming
        : newRequestId();
    },
  }).withTypeProvider<ZodTypeProvider>();
  // Node cuts a slow request only while its headers' limit is within the whole request's.
  app.server.headersTimeout = Math.min(app.server.headersTimeout, requestTimeoutMs);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  return app;
}

type AppInstance = ReturnType<typeof createFastify>;

/** Infrastructure first: what every answer carries, then the rest. Auth comes before security: its bearer check decides whether the forgery defence applies. */
async function registerInfrastructure(
  app: AppInstance,
  {
    config,
    services,
    origins,
    clock,
    database,
  }: { config: Config; services: Services; origins: string[]; clock: Clock; database: Database },
) {
  const https = config.publicUrl.startsWith("https://");
  await app.register(responseHeadersPlugin, { https });
  await app.register(errorsPlugin);
  await app.register(inputPlugin);
  await app.register(authPlugin, {
    authProvider: services.authProvider,
    limitGuests: (ip) =>
      services.limiter.hit(`guest:ip:${ip}`, {
        limit: config.SIGN_IN_LIMIT_PER_IP * 10,
        windowMs: 60 * 60 * 1000,
        message: "Too many new visits from your network. Please try again later.",
      }),
    now: () => clock.now(),
    sessionsChanged: services.sessionProofs.forget,
    sessions: services.sessions,
    databaseAnswers: database.ping,
  });
  await app.register(securityPlugin, { trustedOrigins: origins });
  await app.register(docsPlugin, { title: config.APP_TITLE });
}

/** The features' routes under /api, then the local mailbox and the SPA catch-all. */
async function registerRoutes(
  app: AppInstance,
  {
    config,
    services,
    clock,
    webRoot,
    ready,
    liveStreams,
  }: {
    config: Config;
    services: Services;
    clock: Clock;
    webRoot: string;
    ready: () => Promise<boolean>;
    liveStreams: LiveStreams;
  },
) {
  await app.register(
    async (api) => {
      await api.register(healthRoutes, { ready });
      await api.register(globalDilemmaRoutes, { service: services.globalDilemmas });
      await api.register(authRoutes, { service: services.auth });
      await api.register(usersRoutes, { service: services.users });
      await api.register(profileImagesRoutes, { service: services.profileImages });
      await api.register(groupsRoutes, {
        service: services.groups,
        eventsHeartbeatMs: config.EVENTS_HEARTBEAT_MS,
        liveStreams,
      });
      await api.register(roundsRoutes, { service: services.rounds });
      await api.register(shareRoutes, { service: services.share });
      await api.register(feedbackRoutes, { service: services.feedback });
      await api.register(dilemmasRoutes, { service: services.dilemmas });
      await api.register(moderationRoutes, { service: services.moderation });
      await api.register(notificationsRoutes, { notifications: services.notifications });
      await api.register(pushRoutes, { push: services.push });
      await api.register(accountRoutes, { service: services.account });
      if (config.APP_ENV === "test") {
        await api.register(testClockRoutes, { clock, jobs: services.jobs });
      }
    },
    { prefix: "/api" },
  );
  await app.register(noMetricsHere);
  const local = config.APP_ENV === "local";
  if (local) await app.register(devMailboxRoutes, { mail: services.mail, title: config.APP_TITLE });
  await app.register(spaPlugin, {
    root: webRoot,
    local,
    title: config.APP_TITLE,
    publicUrl: config.publicUrl,
    todayView: services.globalDilemmas.todayView,
    sharePreview: services.share.preview,
    memberPage: memberPagePainter({ ...services, now: clock.now }),
    now: clock.now,
  });
}

/**
 * A PGlite folder is open in this process alone, so this process hands out its
 * backups (`npm run db:backup`), over a socket only this user can reach.
 */
async function serveBackupsOf(app: AppInstance, database: Database) {
  const folder = database.folder;
  if (!folder) return;
  const place = backupSocketPlace(folder.dataDir);
  if (place.path === null) {
    app.log.warn(`npm run db:backup cannot reach this server: ${place.reason}`);
    return;
  }
  try {
    const channel = await serveBackups(place.path, folder.dump, {
      sent: (bytes) => app.log.info({ bytes }, "backup sent"),
      failed: (error) => app.log.error({ err: error }, "backup failed"),
    });
    app.addHook("onClose", () => channel.close());
  } catch (error) {
    app.log.warn({ err: error }, "npm run db:backup cannot reach this server");
  }
}

/** What the metrics read when scraped: this instance's streams and pool, the database's queues. */
function metricSources(database: Database, services: Services, liveStreams: LiveStreams) {
  return {
    liveStreams: () => liveStreams.open,
    outbox: () => services.mail.backlog(),
    jobLag: () => services.jobs.lag(),
    roundsOverdue: () => services.rounds.overdue(),
    pool: () => database.pool?.() ?? null,
  };
}

/** The whole application as a Fastify instance: tests `inject` into it, server.ts listens. */
export async function buildApp({
  config,
  database,
  clock = createClock(),
  webRoot = paths.webDist,
  requestTimeoutMs = REQUEST_TIMEOUT_MS,
  logStream,
}: AppOptions) {
  const app = createFastify(config, requestTimeoutMs, logStream);
  const secret =
    config.APP_ENV === "test" && !config.AUTH_SECRET
      ? randomBytes(32).toString("base64url")
      : loadAuthSecret(config.AUTH_SECRET, config.DATA_DIR);
  const origins = trustedOrigins(config);
  const liveStreams = liveStreamCount();
  let services: Services | undefined;
  const metrics =
    config.METRICS_PORT === undefined
      ? undefined
      : createMetrics(() => metricSources(database, services as Services, liveStreams));
  // Each request as it begins: the background work rests after its batches only while
  // there are some (decision 0095).
  const requests = createRequestWatch();
  app.addHook("onRequest", (_request, _reply, done) => {
    requests.began();
    done();
  });
  services = createServices({
    config,
    database,
    clock,
    secret,
    trustedOrigins: origins,
    log: app.log,
    batchSizes: metrics?.batch,
    requests,
  });
  app.addHook("onClose", async () => {
    await services.jobs.stop();
    await services.mail.close();
    await services.push.close();
    await services.events.close();
  });
  if (metrics) await app.register(metricsPlugin, { metrics });
  await registerInfrastructure(app, { config, services, origins, clock, database });
  let draining = false;
  const ready = async () => !draining && (await database.ping());
  await registerRoutes(app, {
    config,
    services,
    clock,
    webRoot,
    ready,
    liveStreams,
  });
  await serveBackupsOf(app, database);
  // Tests run due jobs themselves, through the test clock.
  if (config.APP_ENV !== "test") app.addHook("onReady", async () => services.jobs.start());
  return Object.assign(app, {
    /**
     * Once the server is closed: finishes the writes still batched for callers
     * who hung up (choices, votes and the hits counted before them), before the
     * database closes (server.ts).
     */
    async settleWrites() {
      await services.limiter.settle();
      // A vote whose hits were just counted goes to its batch on the next turn.
      await new Promise((resolve) => setImmediate(resolve));
      await Promise.all([services.globalDilemmas.settle(), services.rounds.settleVotes()]);
    },
    /**
     * The first step of a graceful stop (server.ts): readiness answers 503, so a
     * load balancer sends no more, while every request is still served.
     */
    drain() {
      draining = true;
    },
    /** This instance's metrics, when METRICS_PORT is set (server.ts serves them). */
    metrics: metrics?.registry,
  });
}

export type App = Awaited<ReturnType<typeof buildApp>>;
