import type { FastifyBaseLogger } from "fastify";
import type { Config } from "./config";
import type { Database } from "./db/client";
import { createTransactor } from "./db/transaction";
import { createAccountService } from "./features/account/service";
import { tokenCleanupJob } from "./features/auth/jobs";
import {
  type AuthService,
  type AuthServiceOptions,
  createAuthService,
} from "./features/auth/service";
import { createDilemmasService } from "./features/dilemmas/service";
import { createFeedbackService } from "./features/feedback/service";
import { dailyPickJob } from "./features/global-dilemma/jobs";
import {
  createGlobalDilemmaService,
  type GlobalDilemmaService,
} from "./features/global-dilemma/service";
import { createGroupsService, type GroupsService } from "./features/groups/service";
import { createJobRunner } from "./features/jobs/service";
import { databaseUpkeepJob } from "./features/jobs/upkeep";
import { mailSenderJob } from "./features/mail/jobs";
import { createMailService, type MailService } from "./features/mail/service";
import { createModerationLog, createModerationService } from "./features/moderation/service";
import { remindersJob } from "./features/notifications/jobs";
import {
  createNotificationsService,
  type NotificationsService,
} from "./features/notifications/service";
import { createProfileImagesService } from "./features/profile-images/service";
import { pushSenderJob } from "./features/push/jobs";
import { loadVapidKeys } from "./features/push/keys";
import { createPushService, type PushService } from "./features/push/service";
import { rateWindowCleanupJob } from "./features/rate-limits/jobs";
import { createRateLimiter, type RateLimiter } from "./features/rate-limits/service";
import { dueRoundsJob } from "./features/rounds/jobs";
import { createRoundsService, type RoundsService } from "./features/rounds/service";
import { createShareService } from "./features/share/service";
import { guestCleanupJob } from "./features/users/jobs";
import { createUsersService, type UsersService } from "./features/users/service";
import { createAccess } from "./lib/auth/access";
import { createKnownDevices } from "./lib/auth/known-device";
import { createAuthProvider } from "./lib/auth/provider";
import { createSessionProofs } from "./lib/auth/session-proofs";
import { createSessionReader } from "./lib/auth/session-reader";
import { createIdSigner } from "./lib/auth/signed-id";
import type { Clock } from "./lib/clock";
import type { Core } from "./lib/core";
import { createEventBus } from "./lib/live/events";
import type { BatchSizes } from "./lib/metrics";
import { createPacer, pacingOf, type RequestWatch } from "./lib/paced";

export interface ServicesOptions {
  config: Config;
  /** Hears each group commit's batch size (the metrics), when they are on. */
  batchSizes?: BatchSizes;
  database: Database;
  clock: Clock;
  secret: string;
  trustedOrigins: string[];
  log: FastifyBaseLogger;
  /** The app's requests as they begin: the background work rests only while there are some (decision 0095). */
  requests?: RequestWatch;
}

/** The OpenAI-compatible dilemma generator, when LLM_BASE_URL and LLM_MODEL name one. */
function generatorSettings(config: Config) {
  if (!config.LLM_BASE_URL || !config.LLM_MODEL) return null;
  return {
    baseUrl: config.LLM_BASE_URL,
    model: config.LLM_MODEL,
    apiKey: config.LLM_API_KEY,
    timeoutMs: config.LLM_TIMEOUT_MS,
  };
}

/** Groups and rounds, with the allowances of the configuration. */
function createGameServices(
  core: Core,
  limiter: RateLimiter,
  config: Config,
  { notifications, secret }: { notifications: NotificationsService; secret: string },
) {
  const groups = createGroupsService(core, {
    limiter,
    limits: {
      groupsPerUserPerHour: config.GROUP_LIMIT_PER_USER,
      groupsPerIpPerHour: config.GROUP_LIMIT_PER_IP,
      inviteMissesPerIpPerHour: config.INVITE_MISS_LIMIT_PER_IP,
    },
  });
  const rounds = createRoundsService(core, {
    groups,
    limiter,
    votesPerIpPerHour: config.VOTE_LIMIT_PER_IP,
    hooks: notifications.roundMails,
    shareSigner: createIdSigner(secret, "round share"),
  });
  return { groups, rounds };
}

/** What people send in (feedback, groups' dilemmas) and its moderation, which logs every action. */
function createModeratedServices(
  core: Core,
  limiter: RateLimiter,
  config: Config,
  groups: GroupsService,
) {
  const moderationLog = createModerationLog(core);
  const feedback = createFeedbackService({ ...core, limiter, record: moderationLog.record });
  const dilemmas = createDilemmasService(core, {
    generator: generatorSettings(config),
    groups: groups.access,
    limiter,
    record: moderationLog.record,
  });
  const moderation = createModerationService(core, {
    groups: groups.access,
    limiter,
    log: moderationLog,
    hideDilemma: dilemmas.hide,
  });
  return { feedback, dilemmas, moderation };
}

/** Mail out (SMTP or the outbox), Web Push, and the game's notifications, which queue through them. */
function createMailServices(
  core: Core,
  { config, secret, log }: Pick<ServicesOptions, "config" | "secret" | "log">,
) {
  const { db, clock } = core;
  const keys = loadVapidKeys(config);
  if (!keys) log.warn("VAPID_* are not set: no push notifications are sent");
  const push = createPushService(core, {
    keys,
    allowLocalEndpoints: config.APP_ENV === "test",
    log,
  });
  const mail = createMailService({
    db,
    clock,
    pacer: core.pacer,
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    log,
  });
  const notifications = createNotificationsService(core, {
    mail,
    push,
    secret,
    publicUrl: config.publicUrl,
    appTitle: config.APP_TITLE,
  });
  return { mail, push, notifications };
}

/** What every service is built on (lib/core.ts). */
function createCore({
  config,
  database,
  clock,
  log,
  batchSizes = () => {},
  requests,
}: Pick<
  ServicesOptions,
  "config" | "database" | "clock" | "log" | "batchSizes" | "requests"
>): Core {
  const { db } = database;
  const transaction = createTransactor(db, (err) =>
    log.warn({ err }, "a side effect after a commit failed"),
  );
  const access = createAccess({ adminEmails: config.ADMIN_EMAILS });
  const events = createEventBus(database, log);
  // One pacer for all the app's background work: together they keep one job's share (decision
  // 0094), resting only after batches during which requests came in (0095).
  const pacer = createPacer({ requests, pacing: pacingOf(database.kind) });
  return { db, transaction, clock, access, events, batchSizes, pacer };
}

/** The background work of every feature, for the job runner. */
function createJobs(
  { db, clock, pacer }: Core,
  { log, upkeep }: { log: FastifyBaseLogger; upkeep: Database["upkeep"] },
  services: {
    globalDilemmas: GlobalDilemmaService;
    auth: AuthService;
    users: UsersService;
    limiter: RateLimiter;
    rounds: RoundsService;
    notifications: NotificationsService;
    mail: MailService;
    push: PushService;
  },
) {
  const { globalDilemmas, auth, users, limiter, rounds, notifications, mail, push } = services;
  const jobs = createJobRunner({ db, clock, log });
  jobs.register(
    dailyPickJob(globalDilemmas),
    tokenCleanupJob(auth),
    guestCleanupJob(users),
    rateWindowCleanupJob(limiter),
    dueRoundsJob(rounds),
    // After the jobs that queue mail, so one run sends what it queued.
    remindersJob(notifications),
    mailSenderJob(mail),
    pushSenderJob(push),
  );
  // Last: the rounds and the mail that are due go first (decision 0097).
  if (upkeep) jobs.register(databaseUpkeepJob(upkeep, pacer));
  return jobs;
}

/** E-mailed links, limited per network, per requester and per known browser (decision 0036). */
function createAuth(
  core: Core,
  parts: Pick<AuthServiceOptions, "authProvider" | "mail" | "limiter" | "users"> & {
    config: Config;
    secret: string;
  },
  carryOver: AuthServiceOptions["carryOver"],
) {
  const { config, secret, ...services } = parts;
  return createAuthService({
    ...core,
    ...services,
    publicUrl: config.publicUrl,
    appTitle: config.APP_TITLE,
    linksPerIpPerHour: config.SIGN_IN_LIMIT_PER_IP,
    devices: createKnownDevices(secret, { https: config.publicUrl.startsWith("https://") }),
    carryOver,
  });
}

/**
 * The composition root: every service built from its parts, each handed the
 * services it may use (features talk to each other only through these).
 */
export function createServices(options: ServicesOptions) {
  const { core, ...services } = createFeatureServices(options);
  const { config } = options;
  // A person's whole account is every feature's part of it (decision 0078).
  const account = createAccountService(core, {
    ...services,
    publicUrl: config.publicUrl,
    appTitle: config.APP_TITLE,
  });
  return { ...services, account };
}

/** Every feature's service but the account's, which is made of them. */
function createFeatureServices(options: ServicesOptions) {
  const { config, secret, trustedOrigins, log } = options;
  const core = createCore(options);
  const { db } = core;
  const profileImages = createProfileImagesService(core);
  const authProvider = createAuthProvider({
    config,
    db,
    secret,
    trustedOrigins,
    isOwnPhotoUrl: profileImages.isOwnPhotoUrl,
    sessionEnded: (sessionId) =>
      core.events
        .endSession(sessionId)
        .catch((err) => log.warn({ err }, "the end of a session was not told to its streams")),
  });
  const { mail, push, notifications } = createMailServices(core, { config, secret, log });
  const limiter = createRateLimiter(core);
  const users = createUsersService(core);
  // Sessions a hot write found alive a moment ago (decision 0031); the identity plugin forgets them.
  const sessionProofs = createSessionProofs(() => core.clock.now().getTime());
  const sessions = createSessionReader(core);
  const globalDilemmas = createGlobalDilemmaService(core, { proofs: sessionProofs });
  const { groups, rounds } = createGameServices(core, limiter, config, { notifications, secret });
  const share = createShareService({
    globalDilemmas,
    rounds,
    title: config.APP_TITLE,
    publicUrl: config.publicUrl,
  });
  const { feedback, dilemmas, moderation } = createModeratedServices(core, limiter, config, groups);
  const auth = createAuth(
    core,
    { config, secret, authProvider, mail, limiter, users: users.accounts },
    [globalDilemmas.carryOverGuest],
  );
  const { upkeep } = options.database;
  const jobs = createJobs(
    core,
    { log, upkeep },
    { globalDilemmas, auth, users, limiter, rounds, notifications, mail, push },
  );
  return {
    events: core.events,
    authProvider,
    sessionProofs,
    sessions,
    mail,
    push,
    notifications,
    limiter,
    users,
    globalDilemmas,
    groups,
    rounds,
    share,
    feedback,
    dilemmas,
    moderation,
    auth,
    profileImages,
    jobs,
    core,
  };
}

export type Services = ReturnType<typeof createServices>;
