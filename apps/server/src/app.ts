import { randomBytes, randomUUID } from "node:crypto";
import Fastify, { type FastifyServerOptions } from "fastify";
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import type { Config } from "./config";
import { accountRoutes } from "./features/account/routes";
import { createAccountService } from "./features/account/service";
import { saveOutboxMail } from "./features/dev-mailbox/data";
import { devMailboxRoutes } from "./features/dev-mailbox/routes";
import { startDailyPick } from "./features/global-dilemma/jobs";
import { globalDilemmaRoutes } from "./features/global-dilemma/routes";
import { createGlobalDilemmaService } from "./features/global-dilemma/service";
import { healthRoutes } from "./features/health/routes";
import { profileImagesRoutes } from "./features/profile-images/routes";
import { createProfileImagesService } from "./features/profile-images/service";
import { startSignInCleanup } from "./features/sign-in/jobs";
import { signInRoutes } from "./features/sign-in/routes";
import { createSignInService } from "./features/sign-in/service";
import { testClockRoutes } from "./features/test-clock/routes";
import { usersRoutes } from "./features/users/routes";
import { createUsersService } from "./features/users/service";
import { clock } from "./lib/clock";
import type { Database } from "./lib/db";
import { createIdentity } from "./lib/identity";
import { createMailer } from "./lib/mailer";
import { createRateLimiter } from "./lib/rate-limit";
import { loadAuthSecret } from "./lib/secret";
import { paths } from "./paths";
import { docsPlugin } from "./plugins/docs";
import { errorsPlugin, frameworkErrors } from "./plugins/errors";
import { identityPlugin } from "./plugins/identity";
import { inputPlugin } from "./plugins/input";
import { securityPlugin } from "./plugins/security";
import { spaPlugin } from "./plugins/spa";

export interface AppOptions {
  config: Config;
  /** Opened, migrated and seeded by the caller, who also closes it. */
  database: Database;
}

const REQUEST_ID = /^[\w-]{1,64}$/;
const VITE_DEV_PORT = 5173;

/**
 * Pages that may send cookie requests: PUBLIC_URL's; in local mode also this
 * machine by either name and the Vite dev server.
 */
function trustedOrigins(config: Config): string[] {
  const origins = [new URL(config.publicUrl).origin];
  if (config.APP_ENV === "local") {
    for (const host of ["localhost", "127.0.0.1"]) {
      origins.push(`http://${host}:${config.PORT}`, `http://${host}:${VITE_DEV_PORT}`);
    }
  }
  return [...new Set(origins)];
}

function loggerOptions(config: Config): FastifyServerOptions["logger"] {
  const level = config.LOG_LEVEL ?? (config.APP_ENV === "test" ? "warn" : "info");
  if (config.APP_ENV !== "local") return { level };
  return {
    level,
    transport: {
      target: "pino-pretty",
      options: { translateTime: "HH:MM:ss", ignore: "pid,hostname", singleLine: true },
    },
  };
}

/** The whole application as a Fastify instance: tests `inject` into it, server.ts listens. */
export async function buildApp({ config, database }: AppOptions) {
  const app = Fastify({
    logger: loggerOptions(config),
    // Not `requestIdHeader`: Fastify would then take the header as is and skip genReqId.
    requestIdHeader: false,
    frameworkErrors,
    trustProxy: config.TRUST_PROXY,
    genReqId: (request) => {
      const incoming = request.headers["x-request-id"];
      return typeof incoming === "string" && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook("onSend", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });

  const local = config.APP_ENV === "local";
  const secret =
    config.APP_ENV === "test" && !config.AUTH_SECRET
      ? randomBytes(32).toString("base64url")
      : loadAuthSecret(config.AUTH_SECRET, config.DATA_DIR);
  const origins = trustedOrigins(config);
  const identity = createIdentity({ config, db: database.db, secret, trustedOrigins: origins });
  const { db } = database;
  const globalDilemmas = createGlobalDilemmaService({ db, clock });
  const limiter = createRateLimiter(db, clock.now);
  const mailer = createMailer({
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    outbox: (mail) => saveOutboxMail(db, mail, clock.now()),
    log: app.log,
  });
  app.addHook("onClose", async () => mailer.close());
  const signIn = createSignInService({
    db,
    identity,
    mailer,
    limiter,
    clock,
    publicUrl: config.publicUrl,
    appTitle: config.APP_TITLE,
    linksPerIpPerHour: config.SIGN_IN_LIMIT_PER_IP,
    carryOver: [globalDilemmas.carryOverGuest],
    log: app.log,
  });

  // Infrastructure first, then the features, then the SPA catch-all. Identity comes
  // before security: its bearer check decides whether the forgery defence applies.
  await app.register(errorsPlugin);
  await app.register(inputPlugin);
  await app.register(identityPlugin, {
    identity,
    limitGuests: (ip) =>
      limiter.hit(`guest:ip:${ip}`, {
        limit: config.SIGN_IN_LIMIT_PER_IP * 10,
        windowMs: 60 * 60 * 1000,
        message: "Too many new visits from your network. Please try again later.",
      }),
  });
  await app.register(securityPlugin, {
    https: config.publicUrl.startsWith("https://"),
    trustedOrigins: origins,
  });
  await app.register(docsPlugin, { title: config.APP_TITLE });

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { ping: database.ping });
      await api.register(accountRoutes, {
        service: createAccountService({ adminEmails: config.ADMIN_EMAILS }),
      });
      await api.register(globalDilemmaRoutes, { service: globalDilemmas });
      await api.register(signInRoutes, { service: signIn });
      await api.register(usersRoutes, { service: createUsersService({ db }) });
      await api.register(profileImagesRoutes, {
        service: createProfileImagesService({ db, clock }),
      });
      if (config.APP_ENV === "test") await api.register(testClockRoutes);
    },
    { prefix: "/api" },
  );
  if (local) await app.register(devMailboxRoutes, { db, title: config.APP_TITLE });
  await app.register(spaPlugin, { root: paths.webDist, local, title: config.APP_TITLE });

  if (config.APP_ENV !== "test") {
    const stopDailyPick = startDailyPick(globalDilemmas, app.log);
    const stopSignInCleanup = startSignInCleanup(signIn, app.log);
    app.addHook("onClose", async () => {
      stopDailyPick();
      stopSignInCleanup();
    });
  }
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
