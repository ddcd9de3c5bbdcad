import { randomBytes, timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import fastifyCookie from "@fastify/cookie";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import helmet, { type HelmetOptions } from "helmet";
import { AppError } from "../lib/errors";
import "../lib/event-stream";

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

function securityHeaders(https: boolean): Record<string, string> {
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
  https: boolean;
  /** Origins whose pages may change state: PUBLIC_URL's, and the dev server's in local mode. */
  trustedOrigins: string[];
}

/**
 * Security headers with a CSP the SPA passes, and one forgery defence for every
 * state-changing request. It is decided by the route the request matched, never
 * by the raw URL (`/%61pi/…` and absolute-form request lines route like `/api/…`):
 * the page must come from a trusted origin AND echo the `XSRF-TOKEN` cookie in
 * `X-XSRF-TOKEN` (docs/product.md#api). Bearer clients are exempt once the identity plugin
 * (registered before this one) proved their token.
 */
export const securityPlugin = fp(
  async (app: FastifyInstance, { https, trustedOrigins }: SecurityOptions) => {
    const trusted = new Set(trustedOrigins);
    const headers = securityHeaders(https);
    const newToken = tokenSource();
    const tokenCookieAttributes = `; Path=/; SameSite=Lax${https ? "; Secure" : ""}`;
    await app.register(fastifyCookie);
    app.addHook("onRequest", async (request, reply) => {
      // Among the reply's own headers: Node then writes them all in one pass. A
      // hijacked reply (an event stream) copies them (lib/event-stream.ts).
      reply.headers(headers);
      const cookie = request.cookies[XSRF_COOKIE];
      if (!cookie) {
        // Readable by the page (not HttpOnly), which echoes it in X-XSRF-TOKEN.
        reply.header("set-cookie", `${XSRF_COOKIE}=${newToken()}${tokenCookieAttributes}`);
      }
      const route = request.routeOptions;
      // A request no route matched changes nothing: it gets its 404.
      if (!route.url) return;
      const safe = SAFE_METHODS.has(request.method);
      if (safe && !route.config.trustedPagesOnly) return;
      // A proven bearer rides on no cookie a third-party page could send along.
      if (request.viaBearer) return;
      if (route.config.signedLink) return;
      if (!fromTrustedPage(request, trusted)) {
        throw forged("This request came from another site and was refused.");
      }
      // A read has no token to echo: another site's page cannot read the answer.
      if (safe) return;
      const header = request.headers[XSRF_HEADER];
      if (!cookie || typeof header !== "string" || !sameToken(header, cookie)) {
        throw forged("Missing or invalid anti-forgery token. Reload the page and try again.");
      }
    });
  },
);
