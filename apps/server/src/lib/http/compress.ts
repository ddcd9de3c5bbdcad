import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";

/**
 * Below this an answer goes as it is: it fits in the first round trip's
 * congestion window, so compressing would save a phone milliseconds for the
 * server's CPU on every call (decision 0011 left the page uncompressed for the
 * same reason; docs/decisions/0084-member-pages-first-load.md).
 */
export const COMPRESS_FROM_BYTES = 8 * 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The encoding the caller takes that we send: brotli, else gzip, else none. */
function encodingFor(accepted: string | undefined): "br" | "gzip" | null {
  if (!accepted) return null;
  const taken = new Set<string>();
  for (const part of accepted.split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    if (q === undefined || Number(q.slice(2)) > 0) taken.add(name.trim());
  }
  if (taken.has("br")) return "br";
  return taken.has("gzip") ? "gzip" : null;
}

function compress(body: Buffer, encoding: "br" | "gzip"): Promise<Buffer> {
  return encoding === "br"
    ? brotli(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 5,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : gzipAsync(body, { level: 6 });
}

/** Bytes kept for many callers (a shared answer, decision 0021), compressed once per encoding. */
const kept = new WeakMap<Buffer, Partial<Record<"br" | "gzip", Promise<Buffer>>>>();

function compressedOnce(body: Buffer, encoding: "br" | "gzip"): Promise<Buffer> {
  const forms = kept.get(body) ?? {};
  kept.set(body, forms);
  const done = forms[encoding] ?? compress(body, encoding);
  forms[encoding] = done;
  return done;
}

/**
 * A read's JSON answer of COMPRESS_FROM_BYTES or more, compressed for a caller
 * that takes brotli (quality 5) or gzip (level 6), off the event loop (zlib's
 * thread pool). Smaller answers, other types and streams pass untouched and at
 * once: the hook is on the hot reads too.
 */
export function compressLargeJson(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (error: Error | null, payload?: unknown) => void,
) {
  // Text as Fastify serialised it, or bytes an answer kept ready (a shared answer).
  const sized = typeof payload === "string" || Buffer.isBuffer(payload);
  if (!sized || payload.length < COMPRESS_FROM_BYTES) return done(null, payload);
  const type = reply.getHeader("content-type");
  if (typeof type !== "string" || !type.startsWith("application/json")) return done(null, payload);
  const vary = reply.getHeader("vary");
  reply.header("vary", vary ? `${vary}, accept-encoding` : "accept-encoding");
  const encoding = encodingFor(request.headers["accept-encoding"]);
  if (!encoding) return done(null, payload);
  const compressed =
    typeof payload === "string"
      ? compress(Buffer.from(payload), encoding)
      : compressedOnce(payload, encoding);
  compressed.then(
    (bytes) => {
      reply.header("content-encoding", encoding);
      reply.header("content-length", bytes.length);
      done(null, bytes);
    },
    // An answer that could not be compressed goes as it is.
    () => done(null, payload),
  );
}
