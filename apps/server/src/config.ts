import { isIP } from "node:net";
import { availableParallelism } from "node:os";
import { GROUP_EVENTS_HEARTBEAT_MS } from "@eitheror/shared/groups/events";
import { z } from "zod";

const optionalString = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .optional();

/** proxy-addr's names for ranges of addresses, as Fastify's trustProxy takes them. */
const PROXY_RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

/** An address (`10.0.0.2`), a CIDR range (`10.0.0.0/8`, `fd00::/8`) or a range's name. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = "", bits, ...rest] = entry.split("/");
  const version = isIP(address);
  if (!version || rest.length) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}

const TRUST_PROXY_FORMS =
  "must be false, true (one proxy), how many proxies stand in front (a number), or a comma list of the proxies' addresses or CIDR ranges";

/**
 * Which proxies' X-Forwarded-For entries to believe (decision 0037): none
 * (false), the nearest n hops (true is one), or the proxies of a list. The
 * client is the right-most address not a trusted proxy's: what the left of the
 * header says, the client wrote itself.
 */
const trustProxy = z
  .string()
  .trim()
  .default("false")
  .transform((value, ctx): false | number | string[] => {
    const lower = value.toLowerCase();
    if (lower === "" || lower === "false") return false;
    if (lower === "true") return 1;
    if (/^\d+$/.test(value)) return Number(value) || false;
    const entries = value.split(",").map((entry) => entry.trim());
    const wrong = entries.filter((entry) => !isProxyAddress(entry));
    if (wrong.length === 0) return entries;
    ctx.addIssue({
      code: "custom",
      message: `${TRUST_PROXY_FORMS}; not an address or CIDR range: ${wrong.map((entry) => JSON.stringify(entry)).join(", ")}`,
    });
    return z.NEVER;
  });

/** An allowance an hour: a whole number, at least 1. */
const hourlyLimit = (fallback: number) =>
  z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .default(fallback);

const envSchema = z
  .object({
    APP_ENV: z.enum(["local", "test", "production"]).default("local"),
    /** Default: 0.0.0.0 in production, else 127.0.0.1 (local and test modes' helpers stay on this machine). */
    HOST: optionalString,
    PORT: z.coerce
      .number({ error: "must be a port number" })
      .int("must be a whole number")
      .min(0, "must be between 0 and 65535")
      .max(65535, "must be between 0 and 65535")
      .default(3000),
    PUBLIC_URL: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional(),
    /**
     * The origin of the Vite dev server whose pages call this API (`npm run dev`
     * sets it): trusted beside PUBLIC_URL's. Never in production.
     */
    DEV_SERVER_ORIGIN: optionalString.pipe(
      z
        .url({
          protocol: /^https?$/,
          error: "must be an http(s) URL such as http://localhost:5173",
        })
        .transform((url) => new URL(url).origin)
        .optional(),
    ),
    DATABASE_URL: optionalString,
    DATA_DIR: z.string().default("./data"),
    AUTH_SECRET: optionalString.pipe(
      z.string().min(32, "must be at least 32 characters").optional(),
    ),
    SMTP_URL: optionalString,
    MAIL_FROM: z.string().default("eitheror <no-reply@eitheror.local>"),
    ADMIN_EMAILS: z
      .string()
      .default("")
      .transform((list) =>
        list
          .split(",")
          .map((email) => email.trim().toLowerCase())
          .filter(Boolean),
      ),
    APP_TITLE: z.string().default("eitheror"),
    /** Sign-in links one IP address may request per hour (guest sessions: ten times as many). */
    SIGN_IN_LIMIT_PER_IP: z.coerce
      .number({ error: "must be a number" })
      .int("must be a whole number")
      .min(1, "must be at least 1")
      .default(30),
    // Per-IP allowances of the game (docs/decisions/0018-abuse-limits.md): a whole
    // school or office behind one address must fit, so they sit far above one person's.
    /** Groups one person may create per hour. */
    GROUP_LIMIT_PER_USER: hourlyLimit(10),
    /** Groups one IP address may create per hour. */
    GROUP_LIMIT_PER_IP: hourlyLimit(50),
    /** Unknown or stale invite codes one IP address may try per hour. */
    INVITE_MISS_LIMIT_PER_IP: hourlyLimit(30),
    /** Votes and submissions one IP address may save per hour. */
    VOTE_LIMIT_PER_IP: hourlyLimit(3000),
    /** Behind a load balancer or reverse proxy: which X-Forwarded-For entries name the client. */
    TRUST_PROXY: trustProxy,
    LLM_BASE_URL: optionalString,
    LLM_API_KEY: optionalString,
    LLM_MODEL: optionalString,
    /** How long Generate Dilemmas waits for the provider. */
    LLM_TIMEOUT_MS: z.coerce
      .number({ error: "must be a number of milliseconds" })
      .int("must be a whole number")
      .min(100, "must be at least 100")
      .default(60_000),
    /** How often a quiet live group stream gets a heartbeat (tests make it short). */
    EVENTS_HEARTBEAT_MS: z.coerce
      .number({ error: "must be a number of milliseconds" })
      .int("must be a whole number")
      .min(10, "must be at least 10")
      .default(GROUP_EVENTS_HEARTBEAT_MS),
    /**
     * Web Push's VAPID keys (npx web-push generate-vapid-keys) and the contact the
     * push services see (mailto: or https:): all three or none. Outside production
     * a pair is generated once and kept in DATA_DIR; production without them sends
     * no pushes (decision 0076).
     */
    VAPID_PUBLIC_KEY: optionalString.pipe(
      z
        .string()
        .regex(/^[A-Za-z0-9_-]{87}$/, "must be a P-256 public key in base64url (87 characters)")
        .optional(),
    ),
    VAPID_PRIVATE_KEY: optionalString.pipe(
      z
        .string()
        .regex(/^[A-Za-z0-9_-]{43}$/, "must be a P-256 private key in base64url (43 characters)")
        .optional(),
    ),
    VAPID_SUBJECT: optionalString.pipe(
      z
        .string()
        .regex(/^(?:mailto:\S+@\S+|https:\/\/\S+)$/, "must be a mailto: or https: URL")
        .optional(),
    ),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).optional(),
    /** Prometheus text on this port, bound like HOST; unset: no metrics (docs/operations.md). */
    METRICS_PORT: optionalString
      .transform((value) => (value === undefined ? undefined : Number(value)))
      .pipe(
        z
          .number({ error: "must be a port number" })
          .int("must be a whole number")
          .min(1, "must be between 1 and 65535")
          .max(65535, "must be between 1 and 65535")
          .optional(),
      ),
    /** Processes sharing PORT on this machine (node:cluster): a number, or `auto` for one per core. */
    WORKERS: optionalString
      .pipe(
        z
          .string()
          .regex(/^(?:auto|\d+)$/, "must be a whole number or auto")
          .optional(),
      )
      .transform((value) =>
        value === undefined ? 1 : value === "auto" ? availableParallelism() : Number(value),
      )
      .pipe(z.number().min(1, "must be at least 1")),
    /** After SIGTERM, how long /api/ready answers 503 before the server stops taking requests. */
    SHUTDOWN_DELAY_MS: z.coerce
      .number({ error: "must be a number of milliseconds" })
      .int("must be a whole number")
      .min(0, "must be at least 0")
      .default(0),
  })
  .superRefine((env, ctx) => {
    if (env.WORKERS > 1 && !env.DATABASE_URL) {
      ctx.addIssue({
        code: "custom",
        path: ["WORKERS"],
        message:
          "needs a PostgreSQL server (DATABASE_URL): the embedded database (PGlite) is open in one process only",
      });
    }
    if (env.METRICS_PORT !== undefined && env.METRICS_PORT === env.PORT) {
      ctx.addIssue({ code: "custom", path: ["METRICS_PORT"], message: "must differ from PORT" });
    }
    const vapid = [env.VAPID_PUBLIC_KEY, env.VAPID_PRIVATE_KEY, env.VAPID_SUBJECT];
    if (vapid.some(Boolean) && !vapid.every(Boolean)) {
      for (const key of ["VAPID_PUBLIC_KEY", "VAPID_PRIVATE_KEY", "VAPID_SUBJECT"] as const) {
        if (!env[key]) {
          ctx.addIssue({
            code: "custom",
            path: [key],
            message: "must be set with the other VAPID_ variables (all three or none)",
          });
        }
      }
    }
    if (env.APP_ENV !== "production") return;
    for (const key of ["PUBLIC_URL", "AUTH_SECRET", "SMTP_URL"] as const) {
      if (!env[key])
        ctx.addIssue({ code: "custom", path: [key], message: "is required in production" });
    }
    if (env.DEV_SERVER_ORIGIN) {
      ctx.addIssue({
        code: "custom",
        path: ["DEV_SERVER_ORIGIN"],
        message: "is for npm run dev only: production trusts PUBLIC_URL's origin alone",
      });
    }
  });

export type Config = Omit<z.infer<typeof envSchema>, "HOST"> & { HOST: string; publicUrl: string };

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
  }
}

/** Reads the environment once at start; a bad value stops the process with a readable list. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`),
    );
  }
  const config = parsed.data;
  const publicUrl = (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, "");
  const HOST = config.HOST ?? (config.APP_ENV === "production" ? "0.0.0.0" : "127.0.0.1");
  return { ...config, HOST, publicUrl };
}
