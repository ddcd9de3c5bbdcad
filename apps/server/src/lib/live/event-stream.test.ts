// A stream's writer against a client that stops reading: what it holds is bounded.
import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { STREAM_BACKLOG_BYTES, streamOf } from "./event-stream";

/** A socket whose reader took the first write and then fell asleep: nothing more drains. */
function stalledSocket() {
  let taken = 0;
  const raw = new Writable({
    highWaterMark: 1024,
    write(_chunk, _encoding, done) {
      if (taken++ === 0) done();
    },
  });
  return raw as Writable & { writableLength: number };
}

const event = (n: number) =>
  `event: member-submitted\ndata: {"n":${n},"pad":"${"x".repeat(200)}"}\n\n`;

describe("a live stream to a client that stops reading", () => {
  it("is cut once its backlog passes the bound, and holds no more than that", () => {
    const raw = stalledSocket();
    const stream = streamOf({ raw } as never, 60_000, new Set());
    stream.started(() => {});
    let most = 0;
    for (let n = 0; n < 2_000 && !raw.destroyed; n++) {
      stream.write(event(n));
      most = Math.max(most, raw.writableLength);
    }
    expect(raw.destroyed).toBe(true);
    expect(most).toBeLessThanOrEqual(STREAM_BACKLOG_BYTES);
    expect(most).toBeGreaterThan(STREAM_BACKLOG_BYTES - 1_000);
  });

  it("keeps a reading client's stream open however many events pass", () => {
    const raw = new Writable({ write: (_chunk, _encoding, done) => done() });
    const stream = streamOf({ raw } as never, 60_000, new Set());
    stream.started(() => {});
    for (let n = 0; n < 2_000; n++) stream.write(event(n));
    expect(raw.destroyed).toBe(false);
    stream.end();
  });

  it("is cut when too many events wait for its caller's check", () => {
    const raw = stalledSocket();
    const stream = streamOf({ raw } as never, 60_000, new Set());
    for (let n = 0; n < 100; n++) stream.write(event(n));
    expect(raw.destroyed).toBe(true);
  });
});
