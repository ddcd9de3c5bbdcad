import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { admin, anonymous, bearer } from "better-auth/plugins";
import type { Config } from "../config";
import { account, session, user, verification } from "../db/schema";
import type { Db } from "./db";

export const AUTH_BASE_PATH = "/api/auth";
const SESSION_LIFETIME_S = 7 * 24 * 60 * 60;
const SESSION_RENEW_AFTER_S = 24 * 60 * 60;

export interface IdentityOptions {
  config: Config;
  db: Db;
  secret: string;
  /** Origins besides PUBLIC_URL whose cookie requests are trusted (local dev servers). */
  extraTrustedOrigins?: string[];
}

/** better-auth on the app's own database: sessions, anonymous guests, bearer clients, admins. */
export function createIdentity({ config, db, secret, extraTrustedOrigins = [] }: IdentityOptions) {
  return betterAuth({
    appName: config.APP_TITLE,
    baseURL: config.publicUrl,
    basePath: AUTH_BASE_PATH,
    secret,
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { user, session, account, verification },
    }),
    trustedOrigins: [config.publicUrl, ...extraTrustedOrigins],
    session: { expiresIn: SESSION_LIFETIME_S, updateAge: SESSION_RENEW_AFTER_S },
    // Limits that matter (sign-in e-mails) are enforced by the app, in PostgreSQL.
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    advanced: {
      useSecureCookies: config.publicUrl.startsWith("https://"),
      // better-auth turns the origin check off whenever NODE_ENV=test; keep it on everywhere.
      disableOriginCheck: false,
    },
    plugins: [anonymous({ emailDomainName: "anonymous.eitheror.invalid" }), bearer(), admin()],
  });
}

export type Identity = ReturnType<typeof createIdentity>;

/** Who is calling: the signed-in (or anonymous) user and their session. */
export interface Viewer {
  user: {
    id: string;
    name: string;
    email: string;
    emailVerified: boolean;
    image?: string | null;
    isAnonymous?: boolean | null;
    role?: string | null;
    createdAt: Date;
  };
  session: { id: string; expiresAt: Date };
}
