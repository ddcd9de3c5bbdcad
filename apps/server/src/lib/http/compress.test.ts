import { brotliDecompressSync, gunzipSync } from "node:zlib";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMPRESS_FROM_BYTES, compressLargeJson } from "./compress";

const large = JSON.stringify({
  data: { votes: Array.from({ length: 400 }, (_, n) => ({ n, comment: "Bench comment ✓" })) },
});
const small = JSON.stringify({ data: { ok: true } });

describe("compressLargeJson", () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    const route = (url: string, type: string, body: string) =>
      app.get(url, { onSend: compressLargeJson }, async (_request, reply) =>
        reply.type(type).send(body),
      );
    route("/large", "application/json; charset=utf-8", large);
    app.get("/large-bytes", { onSend: compressLargeJson }, async (_request, reply) =>
      reply.type("application/json; charset=utf-8").send(Buffer.from(large)),
    );
    route("/small", "application/json; charset=utf-8", small);
    route("/text", "text/plain", "x".repeat(COMPRESS_FROM_BYTES * 2));
    await app.ready();
  });
  afterAll(() => app.close());

  const get = (url: string, accept?: string) =>
    app.inject({ url, headers: accept === undefined ? {} : { "accept-encoding": accept } });

  it("sends a large answer in brotli to a browser that takes it, else in gzip", async () => {
    expect(large.length).toBeGreaterThan(COMPRESS_FROM_BYTES);
    const br = await get("/large", "gzip, deflate, br, zstd");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toBe("accept-encoding");
    expect(Number(br.headers["content-length"])).toBe(br.rawPayload.length);
    expect(br.rawPayload.length).toBeLessThan(large.length / 4);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(large);

    // An answer kept as bytes (a shared answer) goes the same way.
    const bytes = await get("/large-bytes", "br");
    expect(bytes.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(bytes.rawPayload).toString()).toBe(large);

    for (const accept of ["gzip", "br;q=0, gzip;q=0.8"]) {
      const gzip = await get("/large", accept);
      expect(gzip.headers["content-encoding"]).toBe("gzip");
      expect(gunzipSync(gzip.rawPayload).toString()).toBe(large);
    }
  });

  it("compresses bytes kept for many callers once per encoding", async () => {
    const shared = Buffer.from(large);
    const sentFor = (accept: string) =>
      new Promise<unknown>((resolve) => {
        const reply = {
          getHeader: (name: string) => (name === "content-type" ? "application/json" : undefined),
          header: () => reply,
        };
        compressLargeJson(
          { headers: { "accept-encoding": accept } } as never,
          reply as never,
          shared,
          (_error, payload) => resolve(payload),
        );
      });
    const [first, second] = [await sentFor("br"), await sentFor("gzip, br")];
    expect(Buffer.isBuffer(first) && brotliDecompressSync(first).toString()).toBe(large);
    expect(second).toBe(first);
    const gzipped = await sentFor("gzip");
    expect(gzipped).not.toBe(first);
    expect(await sentFor("gzip")).toBe(gzipped);
  });

  it("sends it as it is to a caller that takes neither, and says it could vary", async () => {
    for (const accept of [undefined, "identity", "br;q=0"]) {
      const plain = await get("/large", accept);
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.headers.vary).toBe("accept-encoding");
      expect(plain.body).toBe(large);
    }
  });

  it("leaves small answers and other types alone", async () => {
    const answer = await get("/small", "br, gzip");
    expect(answer.headers["content-encoding"]).toBeUndefined();
    expect(answer.headers.vary).toBeUndefined();
    expect(answer.body).toBe(small);
    expect((await get("/text", "br, gzip")).headers["content-encoding"]).toBeUndefined();
  });
});
