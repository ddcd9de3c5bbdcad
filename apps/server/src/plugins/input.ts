import { holdsUnstorableText } from "@eitheror/shared/validation/text";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { AppError } from "../lib/errors";
import { REFUSED_TEXT_MESSAGE } from "./errors";

/** better-auth's routes get their body as bytes: read it as JSON to look inside. */
function bodyOf(request: FastifyRequest): unknown {
  if (!Buffer.isBuffer(request.body)) return request.body;
  if (!request.headers["content-type"]?.includes("json")) return undefined;
  try {
    return JSON.parse(request.body.toString("utf8"));
  } catch {
    return undefined; // Not JSON: whoever reads it refuses it.
  }
}

/**
 * Refuses text no PostgreSQL column can hold (NUL, a lone surrogate) in the path,
 * the query or a JSON body, before any handler, the identity provider included,
 * passes it to the database and turns it into a 500 or a stored '�'.
 */
export const inputPlugin = fp(async (app: FastifyInstance) => {
  app.addHook("preValidation", async (request) => {
    if (!request.routeOptions.url) return;
    if (
      [request.params, request.query, bodyOf(request)].some((part) => holdsUnstorableText(part))
    ) {
      throw new AppError(400, REFUSED_TEXT_MESSAGE);
    }
  });
});
