import { randomBytes, timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { parseCookie } from "cookie";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import helmet, { type HelmetOptions } from "helmet";
import { AppError } from "../lib/http/errors";
import "../lib/live/event-stream";

export const XSRF_COOKIE = "XSRF-TOKEN";
export const XSRF_HEADER = "x-xsrf-token";
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

const forged = (message: string) => new AppError(403, message);

/**
 * Anti-forgery tokens: 32 random bytes each, cut from a buffer filled 256 tokens at
 * a time (one call to the system's generator instead of one per new visitor).
 */
function tokenSource() {
  const TOKEN_BYTES = 32;
  let pool = Buffer.alloc(0);
  let offset = 0;
  return () => {
    if (offset + TOKEN_BYTES > pool.length) {
      pool = randomBytes(TOKEN_BYTES * 256);
      offset = 0;
    }
    const token = pool.toString("base64url", offset, offset + TOKEN_BYTES);
    offset += TOKEN_BYTES;
    return token;
  };
}

/**
 * helmet's headers, worked out once: its middleware sets the same headers on every
 * response (no nonces here), so they are taken from one run and set as they are.
 * @fastify/helmet built the whole middleware again for each request (decision 0021).
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: () => {},
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, () => {});
  return headers;
}

/** A page's headers: the SPA's CSP, and helmet's other defences for a document. */
function pageHeaders(https: boolean): Record<string, string> {
  return helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", "data:", "blob:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: https,
  });
}

/**
 * An API answer's headers (JSON, an image, an event stream; never a document):
 * the page's that still mean something there, as OWASP's REST cheat sheet lists
 * them, and a CSP that allows nothing. The page's other headers only apply to
 * documents, and cost every answer of the hottest path about 500 bytes
 * (decision 0029). Nothing may keep an answer (a browser's cache, a proxy's):
 * most depend on the session; the few public bytes that may be kept (the share
 * cards, profile photos) say so themselves.
 */
function apiHeaders(page: Record<string, string>): Record<string, string> {
  const kept = [
    "cross-origin-resource-policy",
    "referrer-policy",
    "strict-transport-security",
    "x-content-type-options",
  ];
  return {
    "cache-control": "private, no-store",
    "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
    ...Object.fromEntries(kept.filter((name) => name in page).map((name) => [name, page[name]])),
  };
}

declare module "fastify" {
  interface FastifyRequest {
    /** The request's cookies, parsed the first time something asks. */
    readonly cookies: Record<string, string | undefined>;
  }
}

const parsedCookies = Symbol("parsedCookies");

/**
 * What every answer carries, set as the request arrives (before any hook can
 * fail it): the security headers for a page or an API answer, the request id,
 * and an anti-forgery token for a visitor who has none. They are the reply's own
 * headers, so Node writes them in one pass, and no onSend hook is needed; a
 * hijacked reply (an event stream) copies them (lib/live/event-stream.ts). Cookies
 * are parsed on demand.
 */
export const responseHeadersPlugin = fp(
  async (app: FastifyInstance, { https }: { https: boolean }) => {
    const page = pageHeaders(https);
    const api = apiHeaders(page);
    const newToken = tokenSource();
    const tokenCookieAttributes = `; Path=/; SameSite=Lax${https ? "; Secure" : ""}`;
    app.decorateRequest(parsedCookies, null);
    app.decorateRequest("cookies", {
      getter(this: FastifyRequest) {
        const memo = this as unknown as {
          [parsedCookies]: Record<string, string | undefined> | null;
        };
        memo[parsedCookies] ??= parseCookie(this.headers.cookie ?? "");
        return memo[parsedCookies];
      },
    });
    // Not async: it decides at once, and runs on every request.
    app.addHook("onRequest", (request, reply, done) => {
      reply.headers(request.routeOptions.url?.startsWith("/api/") ? api : page);
      reply.header("x-request-id", request.id);
      if (!request.cookies[XSRF_COOKIE]) {
        // Readable by the page (not HttpOnly), which echoes it in X-XSRF-TOKEN.
        reply.header("set-cookie", `${XSRF_COOKIE}=${newToken()}${tokenCookieAttributes}`);
      }
      done();
    });
  },
);

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * The request carries its own proof, a token the server signed for one
     * person (an e-mail's unsubscribe link): no cookie rides along, so a forged
     * request needs the token itself, and a mail client's one-click POST comes
     * with no Origin and no anti-forgery header.
     */
    signedLink?: boolean;
  }
}

/**
 * Whether the page that sent this request may: a browser names it in `Origin`
 * (always, on a non-GET) and says `Sec-Fetch-Site`; both must point home. A
 * client that sends neither is not a browser, and a forged request needs a
 * victim's browser.
 */
function fromTrustedPage(request: FastifyRequest, trustedOrigins: Set<string>): boolean {
  const { origin, "sec-fetch-site": site } = request.headers;
  if (origin !== undefined && !trustedOrigins.has(origin)) return false;
  return site === undefined || site === "same-origin";
}

export interface SecurityOptions {
  /** Origins whose pages may change state: PUBLIC_URL's, and the dev server's in local mode. */
  trustedOrigins: string[];
}

/**
 * One forgery defence for every state-changing request. It is decided by the route the request matched, never
 * by the raw URL (`/%61pi/…` and absolute-form request lines route like `/api/…`):
 * the page must come from a trusted origin AND echo the `XSRF-TOKEN` cookie in
 * `X-XSRF-TOKEN` (docs/product.md#api). Bearer clients are exempt once the identity plugin
 * (registered before this one) proved their token.
 */
export const securityPlugin = fp(
  async (app: FastifyInstance, { trustedOrigins }: SecurityOptions) => {
    const trusted = new Set(trustedOrigins);
    // Not async: most requests are reads it lets through at once.
    app.addHook("onRequest", (request, _reply, done) => {
      done(forgeryOf(request, trusted));
    });
  },
);

/** Why a request must be refused as forged, or undefined when it may go on. */
function forgeryOf(request: FastifyRequest, trusted: Set<string>): AppError | undefined {
  const route = request.routeOptions;
  // A request no route matched changes nothing: it gets its 404.
  if (!route.url) return undefined;
  const safe = SAFE_METHODS.has(request.method);
  if (safe && !route.config.trustedPagesOnly) return undefined;
  // A proven bearer rides on no cookie a third-party page could send along.
  if (request.viaBearer) return undefined;
  if (route.config.signedLink) return undefined;
  if (!fromTrustedPage(request, trusted)) {
    return forged("This request came from another site and was refused.");
  }
  // A read has no token to echo: another site's page cannot read the answer.
  if (safe) return undefined;
  const cookie = request.cookies[XSRF_COOKIE];
  const header = request.headers[XSRF_HEADER];
  if (!cookie || typeof header !== "string" || !sameToken(header, cookie)) {
    return forged("Missing or invalid anti-forgery token. Reload the page and try again.");
  }
  return undefined;
}
