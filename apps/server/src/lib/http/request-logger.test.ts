import { Writable } from "node:stream";
import Fastify from "fastify";
import { afterEach, describe, expect, it, vi } from "vitest";
import { requestLoggers } from "./request-logger";

interface Line {
  level: number;
  msg: string;
  reqId?: string;
  step?: string;
}

/** A Fastify app logging at `level` into `lines`, with a route that logs at every level. */
function appLoggingAt(level: string) {
  const lines: Line[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)) as Line);
      done();
    },
  });
  const app = Fastify({ logger: { level, stream }, childLoggerFactory: requestLoggers });
  app.get("/quiet", async () => "ok");
  app.get("/noisy", async (request) => {
    request.log.debug("a debug line");
    request.log.info({ step: "info" }, "an info line");
    request.log.error(new Error("an error line"));
    request.log.child({ step: "nested" }).warn("a nested line");
    return "ok";
  });
  return { app, lines };
}

let close: (() => Promise<unknown>) | undefined;
afterEach(() => close?.());

describe("request loggers", () => {
  it("make no child logger for a request that logs nothing at the server's level", async () => {
    const { app, lines } = appLoggingAt("warn");
    close = () => app.close();
    await app.ready();
    const children = vi.spyOn(app.log, "child");

    const response = await app.inject({ url: "/quiet" });

    expect(response.statusCode).toBe(200);
    expect(children).not.toHaveBeenCalled();
    expect(lines).toEqual([]);
  });

  it("write the lines at or above the level, each with its request's id", async () => {
    const { app, lines } = appLoggingAt("warn");
    close = () => app.close();

    const response = await app.inject({ url: "/noisy", headers: { "request-id": "ignored" } });

    expect(response.statusCode).toBe(200);
    const reqId = lines[0]?.reqId;
    expect(reqId).toMatch(/^req-/);
    expect(lines.map(({ msg, step, reqId: id }) => ({ msg, step, id }))).toEqual([
      { msg: "an error line", step: undefined, id: reqId },
      { msg: "a nested line", step: "nested", id: reqId },
    ]);
  });

  it("at info, keep Fastify's lines on each request", async () => {
    const { app, lines } = appLoggingAt("info");
    close = () => app.close();
    await app.ready();
    lines.length = 0;

    await app.inject({ url: "/quiet" });

    expect(lines.map(({ msg }) => msg)).toEqual(["incoming request", "request completed"]);
    expect(new Set(lines.map(({ reqId }) => reqId)).size).toBe(1);
    expect(lines[0]?.reqId).toMatch(/^req-/);
  });

  it("follow the server's level when it changes", async () => {
    const { app, lines } = appLoggingAt("error");
    close = () => app.close();
    await app.ready();
    app.log.level = "info";
    lines.length = 0;

    await app.inject({ url: "/noisy" });

    expect(lines.map(({ msg }) => msg)).toContain("an info line");
    expect(lines.map(({ msg }) => msg)).not.toContain("a debug line");
  });
});
