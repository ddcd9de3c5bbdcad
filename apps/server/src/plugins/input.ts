import { isUtf8 } from "node:buffer";
import { holdsUnstorableText } from "@eitheror/shared/validation/text";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { AppError } from "../lib/http/errors";
import { REFUSED_TEXT_MESSAGE } from "./errors";

const refusedText = () => new AppError(400, REFUSED_TEXT_MESSAGE);
const POISONED_MESSAGE = "The body holds a __proto__ or constructor.prototype key.";

/**
 * Refuses the keys Fastify's own parser refuses (proto and constructor poisoning),
 * so better-auth's routes, which parse their bodies themselves, get the same rule.
 */
function refusePoisonedKeys(key: string, value: unknown): unknown {
  const prototype = typeof value === "object" && value !== null && "prototype" in value;
  if (key === "__proto__" || (key === "constructor" && prototype)) {
    throw new AppError(400, POISONED_MESSAGE);
  }
  return value;
}

/** better-auth's routes get their body as bytes: read it as JSON to look inside. */
function bodyOf(request: FastifyRequest): unknown {
  if (!Buffer.isBuffer(request.body)) return request.body;
  if (!request.headers["content-type"]?.includes("json")) return undefined;
  // Decoding would quietly turn bytes that are no UTF-8 into '�', stored as such.
  if (!isUtf8(request.body)) throw refusedText();
  try {
    return JSON.parse(request.body.toString("utf8"), refusePoisonedKeys);
  } catch (error) {
    if (error instanceof AppError) throw error;
    return undefined; // Not JSON: whoever reads it refuses it.
  }
}

/**
 * Refuses text no PostgreSQL column can hold (NUL, a lone surrogate, bytes that
 * are no UTF-8) in the path, the query or a JSON body, before any handler, the
 * identity provider included, passes it to the database and turns it into a 500
 * or a stored '�'.
 */
export const inputPlugin = fp(async (app: FastifyInstance) => {
  // Fastify's JSON parser decodes leniently; this one reads the bytes first.
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (request, body, done) => {
    if (!isUtf8(body as Buffer)) return done(refusedText(), undefined);
    parseJson(request, (body as Buffer).toString("utf8"), done);
  });

  // Not async: it decides at once, and runs on every request.
  app.addHook("preValidation", (request, _reply, done) => {
    if (request.is404) return done();
    try {
      const unstorable =
        holdsUnstorableText(request.params) ||
        holdsUnstorableText(request.query) ||
        holdsUnstorableText(bodyOf(request));
      done(unstorable ? refusedText() : undefined);
    } catch (error) {
      done(error as Error);
    }
  });
});
