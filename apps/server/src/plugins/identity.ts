import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { AppError, notSignedIn } from "../lib/errors";
import { AUTH_BASE_PATH, type Identity, type Viewer } from "../lib/identity";
import { foreignError } from "./errors";

declare module "fastify" {
  interface FastifyRequest {
    /**
     * The caller proved itself with a valid `Authorization: Bearer` session. Such a
     * request carries no ambient credential a third-party page could ride on.
     */
    viaBearer: boolean;
    /** The caller's session, or null when nobody is signed in (read once per request). */
    viewer(): Promise<Viewer | null>;
    /** The caller's session; answers 401 when nobody is signed in. */
    requireViewer(): Promise<Viewer>;
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
 * better-auth's bearer plugin would hand it out in `set-auth-token`.
 */
const DROPPED_HEADERS = new Set([
  "set-cookie",
  "content-length",
  "set-auth-token",
  "access-control-expose-headers",
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

interface IdentityOptions {
  identity: Identity;
  /** Counts a new guest session from `ip`; throws when there were too many. */
  limitGuests: (ip: string) => Promise<void>;
}

/** Tells every route who is calling: `viewer()` and `requireViewer()`, and whether by bearer. */
function decorateViewers(app: FastifyInstance, identity: Identity) {
  const viewers = new WeakMap<FastifyRequest, Promise<Viewer | null>>();

  app.decorateRequest("viewer", function (this: FastifyRequest) {
    let viewer = viewers.get(this);
    if (!viewer) {
      // A disabled account's session counts for nothing, even before it is revoked.
      viewer = identity.api
        .getSession({ headers: toHeaders(this) })
        .then((found) => (found?.user.banned ? null : found));
      viewers.set(this, viewer);
    }
    return viewer;
  });
  app.decorateRequest("requireViewer", async function (this: FastifyRequest) {
    const viewer = await this.viewer();
    if (!viewer) throw notSignedIn();
    return viewer;
  });
  app.decorateRequest("viaBearer", false);

  // Decided by the route the request matched, like the forgery defence after it.
  app.addHook("onRequest", async (request) => {
    if (request.headers.authorization === undefined) return;
    if (!request.routeOptions.url?.startsWith("/api/")) return;
    if (!(await request.viewer())) {
      throw new AppError(401, "The Authorization header holds no valid session.", {
        code: "invalid_bearer",
      });
    }
    request.viaBearer = true;
  });
}

/** Hands better-auth's answer on: without tokens, and in the API's envelope when it failed. */
async function relayResponse(reply: FastifyReply, response: Response, pathname: string) {
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
    const { status, body } = foreignError(response.status, failure.message);
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
function authRoutes(scope: FastifyInstance, { identity, limitGuests }: IdentityOptions) {
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
      if (url.pathname === GUEST_SIGN_IN_PATH) await limitGuests(request.ip);
      const body = request.body instanceof Buffer && request.body.length ? request.body : undefined;
      const response = await identity.handler(
        new Request(url, { method: request.method, headers: toHeaders(request), body }),
      );
      return relayResponse(reply, response, url.pathname);
    },
  });
}

/** Mounts better-auth at /api/auth and tells every route who is calling. */
export const identityPlugin = fp(async (app: FastifyInstance, options: IdentityOptions) => {
  decorateViewers(app, options.identity);
  await app.register(async (scope) => authRoutes(scope, options));
});
