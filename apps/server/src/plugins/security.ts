import { randomBytes, timingSafeEqual } from "node:crypto";
import fastifyCookie from "@fastify/cookie";
import fastifyHelmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { AppError } from "../lib/errors";

export const XSRF_COOKIE = "XSRF-TOKEN";
export const XSRF_HEADER = "x-xsrf-token";
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Security headers with a CSP the SPA passes, and the anti-forgery check of the
 * spec: a non-GET API call must echo the `XSRF-TOKEN` cookie in `X-XSRF-TOKEN`.
 * Bearer clients carry no cookies a third-party page could ride on, so they skip it.
 */
export const securityPlugin = fp(async (app: FastifyInstance, { https }: { https: boolean }) => {
  await app.register(fastifyCookie);
  await app.register(fastifyHelmet, {
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

  app.addHook("onRequest", async (request, reply) => {
    const cookie = request.cookies[XSRF_COOKIE];
    if (!cookie) {
      reply.setCookie(XSRF_COOKIE, randomBytes(32).toString("base64url"), {
        path: "/",
        sameSite: "lax",
        secure: https,
        httpOnly: false,
      });
    }
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith("/api/")) return;
    if (request.headers.authorization?.startsWith("Bearer ")) return;
    const header = request.headers[XSRF_HEADER];
    if (!cookie || typeof header !== "string" || !sameToken(header, cookie)) {
      throw new AppError(
        403,
        "Missing or invalid anti-forgery token. Reload the page and try again.",
      );
    }
  });
});
