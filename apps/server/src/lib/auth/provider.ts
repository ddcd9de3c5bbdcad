import { updateUserBodySchema } from "@eitheror/shared/auth/schema";
import { type BetterAuthPlugin, betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import {
  APIError,
  createAuthEndpoint,
  createAuthMiddleware,
  getSessionFromCtx,
} from "better-auth/api";
import { setSessionCookie } from "better-auth/cookies";
import { admin, anonymous, bearer } from "better-auth/plugins";
import { z } from "zod";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { account, session, user, verification } from "../../db/schema";
import { SIGN_IN_MESSAGE } from "../http/errors";
import { quietBetweenCalls } from "./quiet-provider";

export const AUTH_BASE_PATH = "/api/auth";
export const SESSION_LIFETIME_S = 7 * 24 * 60 * 60;
export const SESSION_RENEW_AFTER_S = 24 * 60 * 60;
/** Guests get an address no mail can reach (RFC 2606), so no link ever signs in as one. */
export const ANONYMOUS_EMAIL_DOMAIN = "anonymous.eitheror.invalid";

/**
 * better-auth endpoints this product does not offer: passwords, social logins and
 * better-auth's own e-mail flows. Sign-in is the app's e-mail link (features/auth).
 */
const DISABLED_PATHS = [
  "/sign-up/email",
  "/sign-in/email",
  "/sign-in/social",
  "/link-social",
  "/unlink-account",
  "/change-email",
  "/change-password",
  "/set-password",
  "/verify-password",
  "/request-password-reset",
  "/reset-password",
  "/verify-email",
  "/send-verification-email",
  "/delete-user",
  "/update-session",
];

/**
 * Starts a session for a user the app has just proven (an e-mail link was
 * completed). Server-only: it has no URL, only `identity.api.startSession`.
 */
const appSessions = () =>
  ({
    id: "app-sessions",
    endpoints: {
      startSession: createAuthEndpoint.serverOnly(
        { method: "POST", body: z.object({ userId: z.string() }) },
        async (ctx) => {
          const user = await ctx.context.internalAdapter.findUserById(ctx.body.userId);
          if (!user) throw new APIError("NOT_FOUND", { message: "No such user." });
          const session = await ctx.context.internalAdapter.createSession(user.id);
          await setSessionCookie(ctx, { session, user });
          return ctx.json({ userId: user.id });
        },
      ),
    },
  }) satisfies BetterAuthPlugin;

/**
 * better-auth's profile update (name and photo) with the product's rules: a
 * trimmed name of 2–50 characters, and a photo only from the user's own storage.
 */
const checkProfileUpdate = (isOwnPhotoUrl: (userId: string, url: string) => boolean) =>
  createAuthMiddleware(async (ctx) => {
    if (ctx.path !== "/update-user") return;
    const parsed = updateUserBodySchema.safeParse(ctx.body ?? {});
    if (!parsed.success) {
      throw new APIError("BAD_REQUEST", {
        message: [...new Set(parsed.error.issues.map((issue) => issue.message))].join(" "),
      });
    }
    const session = await getSessionFromCtx(ctx);
    if (!session || session.user.isAnonymous || !session.user.emailVerified) {
      throw new APIError("UNAUTHORIZED", { message: SIGN_IN_MESSAGE });
    }
    const { image } = parsed.data;
    if (image && !isOwnPhotoUrl(session.user.id, image)) {
      throw new APIError("BAD_REQUEST", { message: "Upload the photo first, then use its URL." });
    }
    return { context: { body: parsed.data } };
  });

export interface AuthProviderOptions {
  config: Config;
  db: Db;
  secret: string;
  /** Origins whose pages may send cookie requests (PUBLIC_URL's, and local dev servers). */
  trustedOrigins: string[];
  /** Whether a photo URL is one the user uploaded (the profile-images feature knows). */
  isOwnPhotoUrl: (userId: string, url: string) => boolean;
  /**
   * A session row was deleted (sign-out, revocation, a ban, a deleted user): what
   * follows it, on every instance, ends. Must not throw: the sign-out stands.
   */
  sessionEnded: (sessionId: string) => Promise<void>;
}

/** better-auth on the app's own database: sessions, anonymous guests, bearer clients, admins. */
export function createAuthProvider({
  config,
  db,
  secret,
  trustedOrigins,
  isOwnPhotoUrl,
  sessionEnded,
}: AuthProviderOptions) {
  const auth = betterAuth({
    appName: config.APP_TITLE,
    baseURL: config.publicUrl,
    basePath: AUTH_BASE_PATH,
    secret,
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { user, session, account, verification },
    }),
    trustedOrigins,
    session: { expiresIn: SESSION_LIFETIME_S, updateAge: SESSION_RENEW_AFTER_S },
    // Every way better-auth ends a session deletes its row, one hook per row.
    databaseHooks: { session: { delete: { after: (ended) => sessionEnded(ended.id) } } },
    // Limits that matter (sign-in e-mails) are enforced by the app, in PostgreSQL.
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    advanced: {
      useSecureCookies: config.publicUrl.startsWith("https://"),
      // better-auth turns the origin check off whenever NODE_ENV=test; keep it on everywhere.
      disableOriginCheck: false,
    },
    disabledPaths: DISABLED_PATHS,
    hooks: { before: checkProfileUpdate(isOwnPhotoUrl) },
    plugins: [
      anonymous({ emailDomainName: ANONYMOUS_EMAIL_DOMAIN }),
      bearer(),
      admin(),
      appSessions(),
    ],
  });
  return quietBetweenCalls(auth);
}

export type AuthProvider = ReturnType<typeof createAuthProvider>;

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
    banned?: boolean | null;
    createdAt: Date;
  };
  session: { id: string; token: string; expiresAt: Date };
}

/**
 * A session token read from the caller's signed cookie (its signature checked) or
 * from a bearer the auth plugin proved, but not looked up: whoever takes it
 * checks the session in the very statement that uses it (sessions row alive, user
 * not banned), so sign-out and bans hold at once without a round trip of their own
 * (decision 0023).
 */
export type SessionToken = string & { readonly __brand: "SessionToken" };

/**
 * A session token and the user it belongs to, not checked yet: the statement that
 * takes it checks the token (decision 0024), the user id only names the counters.
 */
export interface SessionClaim {
  token: SessionToken;
  userId: string;
}

/**
 * Who is calling, as a hot path's service asks it (decisions 0023, 0024): each
 * answer trusts no more than its name says. Routes hand over `request.caller`.
 */
export interface Caller {
  /** The session, read now; a 401 without one. */
  signedIn(): Promise<Viewer>;
  /**
   * The session as read at most RECENT_SESSION_MS ago (a 401 without one): a
   * sign-out or ban through this instance holds at once, through another within
   * that bound.
   */
  recentlySignedIn(): Promise<Viewer>;
  /**
   * The session's token, not looked up (`SessionToken`): from the signed session
   * cookie, else from a session read now (a 401 without one).
   */
  token(): Promise<SessionToken>;
  /**
   * The token with the user it belongs to, as this instance last found them
   * together (a session never changes user); not looked up, like `token()`. A
   * session not seen before is read once.
   */
  claim(): Promise<SessionClaim>;
}
