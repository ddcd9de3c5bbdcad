import { createHmac, timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import {
  AUTH_BASE_PATH,
  type AuthProvider,
  type Caller,
  type SessionClaim,
  type SessionToken,
  type Viewer,
} from "../lib/auth/provider";
import type { SessionReader } from "../lib/auth/session-reader";
import { boundedMap } from "../lib/bounded-map";
import { AppError, notSignedIn } from "../lib/http/errors";
import { foreignError, sendUnavailable } from "./errors";

declare module "fastify" {
  interface FastifyRequest {
    /**
     * The caller proved itself with a valid `Authorization: Bearer` session. Such a
     * request carries no ambient credential a third-party page could ride on.
     */
    viaBearer: boolean;
    /** Who is calling, or null when nobody is signed in (read once per request). */
    viewer(): Promise<Viewer | null>;
    /** Who is calling; answers 401 when nobody is signed in. */
    signedIn(): Promise<Viewer>;
    /** The same, for a hot path's service to ask no more of than it needs (lib/auth/provider.ts). */
    readonly caller: Caller;
  }
}

const GUEST_SIGN_IN_PATH = `${AUTH_BASE_PATH}/sign-in/anonymous`;
/**
 * better-auth answers a read with an unknown session by deleting the session
 * cookie. A read that was on its way while a sign-in replaced the session would
 * then delete the brand-new cookie: a read never deletes cookies here (a stale
 * one only reads as "no session" until it expires).
 */
const SESSION_READ_PATH = `${AUTH_BASE_PATH}/get-session`;
/**
 * The session token stays in its HttpOnly cookie: page scripts never see it, so a
 * script that should not be there cannot carry the session off as a bearer token.
 * better-auth's bearer plugin would hand it out in `set-auth-token`. Its answers
 * are a session's, kept by no cache: they keep the API answer's Cache-Control.
 */
const DROPPED_HEADERS = new Set([
  "set-cookie",
  "content-length",
  "set-auth-token",
  "access-control-expose-headers",
  "cache-control",
]);

function withoutTokens(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutTokens);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== "token")
      .map(([key, item]) => [key, withoutTokens(item)]),
  );
}

/**
 * The request's headers for better-auth. With an Authorization header the cookies
 * stay behind: a bearer is either a valid session on its own or nobody, never a
 * way to slip past the forgery checks while the cookie does the work.
 */
function toHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  const bearer = request.headers.authorization !== undefined;
  for (const [key, value] of Object.entries(request.headers)) {
    if (bearer && key === "cookie") continue;
    if (Array.isArray(value)) for (const item of value) headers.append(key, item);
    else if (value !== undefined) headers.set(key, value);
  }
  return headers;
}

interface AuthPluginOptions {
  authProvider: AuthProvider;
  /** Counts a new guest session from `ip`; throws when there were too many. */
  limitGuests: (ip: string) => Promise<void>;
  /** The app's clock: how long ago a session was read (tests move it). */
  now: () => Date;
  /** Sessions may have ended or accounts been disabled: whatever trusts one it saw checks again. */
  sessionsChanged: () => void;
  /** Whether the database answers now: better-auth's 500 while it does not is a 503. */
  databaseAnswers: () => Promise<boolean>;
  /** Reads a cookie's session in one batched statement (decision 0090). */
  sessions: SessionReader;
}

/**
 * Reads the session token out of better-auth's signed cookie (`<token>.<base64
 * HMAC-SHA256 of it>`, as better-auth signs it), or null when it is missing or
 * its signature is not ours.
 */
async function signedCookieReader(authProvider: AuthProvider) {
  const context = await authProvider.$context;
  const name = context.authCookies.sessionToken.name;
  const secret = context.secret;
  // Cookies whose signature was checked already, with their token: the same ones come back.
  const checked = boundedMap<SessionToken>();
  return (request: FastifyRequest): SessionToken | null => {
    // A bearer is a session on its own, never beside a cookie (`toHeaders`).
    if (request.headers.authorization !== undefined) return null;
    const value = request.cookies?.[name];
    if (!value) return null;
    const known = checked.get(value);
    if (known) return known;
    const dot = value.lastIndexOf(".");
    if (dot < 1) return null;
    const token = value.slice(0, dot) as SessionToken;
    const signature = Buffer.from(value.slice(dot + 1));
    const expected = Buffer.from(createHmac("sha256", secret).update(token).digest("base64"));
    if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) return null;
    checked.set(value, token);
    return token;
  };
}

/** How long a hot read trusts a session it read (decision 0024). */
export const RECENT_SESSION_MS = 1000;

/** Sessions read lately by their token: when each read began, and its answer (under way, perhaps). */
type RecentViewers = ReturnType<typeof boundedMap<{ viewer: Promise<Viewer>; at: number }>>;

/**
 * A request's `Caller`: the hot paths' ways of asking who is calling, each
 * trusting no more than lib/auth/provider.ts says.
 */
class RequestCaller implements Caller {
  constructor(
    private readonly request: FastifyRequest,
    private readonly ask: CallerAnswers,
  ) {}
  signedIn() {
    return this.request.signedIn();
  }
  token() {
    return this.ask.token(this.request);
  }
  claim() {
    return this.ask.claim(this.request);
  }
  recentlySignedIn() {
    return this.ask.recentlySignedIn(this.request);
  }
}

type CallerAnswers = {
  [K in "token" | "claim" | "recentlySignedIn"]: (request: FastifyRequest) => ReturnType<Caller[K]>;
} & {
  /** A session read of `request` begun now (`viewer()`): the hot reads of the next second share it. */
  reading(request: FastifyRequest, viewer: Promise<Viewer | null>): void;
};

type CookieToken = Awaited<ReturnType<typeof signedCookieReader>>;

/** How the hot paths' questions are answered, for every request of the app. */
function callerAnswers(
  { now }: AuthPluginOptions,
  recent: RecentViewers,
  cookieToken: CookieToken,
): CallerAnswers {
  const token = async (request: FastifyRequest) =>
    cookieToken(request) ?? ((await request.signedIn()).session.token as SessionToken);
  // Which user each token belongs to, as found once: that never changes.
  const owners = boundedMap<string>();
  return {
    token,
    async claim(request): Promise<SessionClaim> {
      const known = await token(request);
      const userId = owners.get(known);
      if (userId) return { token: known, userId };
      const viewer = await request.signedIn();
      owners.set(viewer.session.token as SessionToken, viewer.user.id);
      return { token: viewer.session.token as SessionToken, userId: viewer.user.id };
    },
    async recentlySignedIn(request) {
      const known = cookieToken(request);
      if (!known) return request.signedIn();
      const seen = recent.get(known);
      const at = now().getTime();
      // A clock moved back (tests reset theirs) makes a read from the "future": read again.
      if (seen && at >= seen.at && at - seen.at < RECENT_SESSION_MS) return seen.viewer;
      return request.signedIn(); // which `reading` keeps
    },
    // Any read of the session through its cookie, a hot read's or a full one's (the group
    // page's group read): the page's reads beside it, sent at once, wait for the same one.
    reading(request, viewer) {
      const known = cookieToken(request);
      if (!known) return;
      const signedIn = viewer.then((found) => found ?? Promise.reject(notSignedIn()));
      recent.set(known, { viewer: signedIn, at: now().getTime() });
      // A read that failed or found nobody is not kept: the next one asks again.
      signedIn.catch(() => {
        if (recent.get(known)?.viewer === signedIn) recent.delete(known);
      });
    },
  };
}

/** Tells every route who is calling: `viewer()`, `signedIn()` and `caller`, and whether by bearer. */
async function decorateViewers(
  app: FastifyInstance,
  options: AuthPluginOptions,
  recent: RecentViewers,
) {
  const { authProvider, sessions } = options;
  const viewers = new WeakMap<FastifyRequest, Promise<Viewer | null>>();
  const cookieToken = await signedCookieReader(authProvider);
  const answers = callerAnswers(options, recent, cookieToken);
  const askProvider = (request: FastifyRequest) =>
    authProvider.api.getSession({ headers: toHeaders(request) });
  /**
   * A cookie's session as the sessions table has it, better-auth asked only where it
   * writes (an expired session, one to renew) and for a bearer (decision 0090).
   */
  async function readViewer(request: FastifyRequest): Promise<Viewer | null> {
    if (request.headers.authorization !== undefined) return askProvider(request);
    const token = cookieToken(request);
    if (!token) return null; // better-auth answers null to a missing or forged cookie too
    const read = await sessions.read(token);
    return read === "provider" ? askProvider(request) : read;
  }

  app.decorateRequest("viewer", function (this: FastifyRequest) {
    let viewer = viewers.get(this);
    if (!viewer) {
      // A disabled account's session counts for nothing, even before it is revoked.
      viewer = readViewer(this).then((found) => (found?.user.banned ? null : found));
      viewers.set(this, viewer);
      answers.reading(this, viewer);
    }
    return viewer;
  });
  app.decorateRequest("signedIn", async function (this: FastifyRequest) {
    const viewer = await this.viewer();
    if (!viewer) throw notSignedIn();
    return viewer;
  });
  app.decorateRequest("viaBearer", false);
  app.decorateRequest("caller", {
    getter(this: FastifyRequest): Caller {
      return new RequestCaller(this, answers);
    },
  });

  // Decided by the route the request matched, like the forgery defence after it.
  // Not async: most requests carry no Authorization header, and skip it at no cost.
  app.addHook("onRequest", (request, _reply, done) => {
    if (request.headers.authorization === undefined) return done();
    if (!request.routeOptions.url?.startsWith("/api/")) return done();
    request.viewer().then((viewer) => {
      if (!viewer) {
        const message = "The Authorization header holds no valid session.";
        return done(new AppError(401, message, { code: "invalid_bearer" }));
      }
      request.viaBearer = true;
      done();
    }, done);
  });
}

/** Hands better-auth's answer on: without tokens, and in the API's envelope when it failed. */
async function relayResponse(
  request: FastifyRequest,
  reply: FastifyReply,
  response: Response,
  { pathname, databaseAnswers }: { pathname: string; databaseAnswers: () => Promise<boolean> },
) {
  // better-auth answers a failed query with its own 500: the database away is a
  // 503 with Retry-After, as everywhere else (plugins/errors.ts).
  if (response.status >= 500 && !(await databaseAnswers())) {
    request.log.warn("database unavailable (better-auth)");
    return sendUnavailable(reply);
  }
  response.headers.forEach((value, key) => {
    if (!DROPPED_HEADERS.has(key)) reply.header(key, value);
  });
  for (const cookie of response.headers.getSetCookie()) {
    if (pathname === SESSION_READ_PATH && /;\s*max-age=0/i.test(cookie)) continue;
    reply.header("set-cookie", cookie);
  }
  if (response.status >= 400) {
    // better-auth answers {message, code}; the API speaks one envelope (docs/architecture.md#errors).
    const failure = (await response.json().catch(() => ({}))) as { message?: string };
    const { status, body } = foreignError(response.status, failure.message, request);
    return reply.status(status).type("application/json").send(body);
  }
  reply.status(response.status);
  if (response.headers.get("content-type")?.startsWith("application/json")) {
    return reply.send(withoutTokens(await response.json()));
  }
  return reply.send(Buffer.from(await response.arrayBuffer()));
}

/**
 * better-auth's routes, in a scope of their own without Fastify's body parsers:
 * better-auth reads the body itself, from a Fetch Request built here.
 */
function authRoutes(
  scope: FastifyInstance,
  { authProvider, limitGuests, sessionsChanged, databaseAnswers }: AuthPluginOptions,
  recent: RecentViewers,
) {
  const forgetSessions = () => {
    recent.clear();
    sessionsChanged();
  };
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) =>
    done(null, body),
  );
  scope.route({
    method: ["GET", "POST"],
    url: `${AUTH_BASE_PATH}/*`,
    schema: { hide: true },
    handler: async (request, reply) => {
      const url = new URL(request.url, `${request.protocol}://${request.host}`);
      const guestArrives = url.pathname === GUEST_SIGN_IN_PATH;
      if (guestArrives) await limitGuests(request.ip);
      // A sign-out, a revoked session, a ban, a new name: sessions read before may be
      // out of date. A new guest's session changes no other: every visitor's first
      // call must not make every other visitor's next one check its session again.
      const changes = request.method !== "GET" && !guestArrives;
      if (changes) forgetSessions();
      const body = request.body instanceof Buffer && request.body.length ? request.body : undefined;
      const response = await authProvider.handler(
        new Request(url, { method: request.method, headers: toHeaders(request), body }),
      );
      // Again once done: a hot read or write meanwhile may have kept the session as it was.
      if (changes) forgetSessions();
      return relayResponse(request, reply, response, {
        pathname: url.pathname,
        databaseAnswers,
      });
    },
  });
}

/** Mounts better-auth at /api/auth and tells every route who is calling. */
export const authPlugin = fp(async (app: FastifyInstance, options: AuthPluginOptions) => {
  const recent: RecentViewers = boundedMap();
  await decorateViewers(app, options, recent);
  await app.register(async (scope) => authRoutes(scope, options, recent));
});
