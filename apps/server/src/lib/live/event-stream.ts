import type { Operation } from "@eitheror/shared/api/contract";
import { errorEnvelopeSchema } from "@eitheror/shared/api/envelope";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { OperationRequest } from "../http/operation";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * Even a GET must come from the app's own pages (or a bearer client): the
     * answer is private and goes on for as long as the page stays open.
     */
    trustedPagesOnly?: boolean;
  }
}

/** What a stream's source writes to: named events, and the end. */
export interface StreamSink<E extends { type: string }> {
  send(event: E): void;
  end(): void;
}

/** Checks the caller (throwing answers the error envelope) and starts feeding `sink`; answers the stop. */
export type StreamSource<O extends Operation, E extends { type: string }> = (
  request: OperationRequest<O>,
  sink: StreamSink<E>,
) => Promise<() => void>;

/** Beside the API answer's own, `Cache-Control: private, no-store` among them. */
const STREAM_HEADERS = {
  "content-type": "text/event-stream; charset=utf-8",
  // nginx and friends would otherwise hold the events back in their buffers.
  "x-accel-buffering": "no",
  connection: "keep-alive",
};

/**
 * A hijacked reply is written by hand: the headers set on the reply as the
 * request arrived (security headers, request id) are copied onto it.
 */
function startStream(reply: FastifyReply) {
  reply.hijack();
  const headers: Record<string, string> = { ...STREAM_HEADERS };
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (typeof value === "string" && name !== "set-cookie") headers[name] ??= value;
  }
  reply.raw.writeHead(200, headers);
  // The first bytes reach the client now, so it knows the stream is open.
  reply.raw.write(": open\n\n");
}

/** The streams open on this instance, all routes together (the metrics read it). */
export interface LiveStreams {
  readonly open: number;
  opened(): void;
  closed(): void;
}

export function liveStreamCount(): LiveStreams {
  let open = 0;
  return {
    get open() {
      return open;
    },
    opened: () => void open++,
    closed: () => void open--,
  };
}

/**
 * When the app closes, each stream is told when to come back (SSE's `retry:`),
 * a time drawn at random within this span, so a whole instance's browsers do
 * not reconnect to the others at the same moment.
 */
const CLOSING_RETRY_MS = { min: 500, spread: 2_000 };

/**
 * What a stream may hold for a client that does not read (a phone asleep on a
 * train, a stalled proxy): past this many bytes written and not yet taken, the
 * stream is cut. Its EventSource comes back by itself and reads the page again
 * (events sent while it was away are lost anyway), so the server never keeps an
 * ever-growing backlog per client: 5,000 stalled streams cost at most this each.
 */
export const STREAM_BACKLOG_BYTES = 64 * 1024;
/** Events for a stream whose caller is still being checked; more than this cuts it too. */
const WAITING_EVENTS = 64;

type EndStream = (options?: { retryMs?: number }) => void;

/** Exported for its tests: a stream's writer, its end, and its start once the caller is checked. */
export function streamOf(
  reply: Pick<FastifyReply, "raw">,
  heartbeatMs: number,
  streams: Set<EndStream>,
  live?: LiveStreams,
) {
  const raw = reply.raw;
  let open = false;
  let ended = false;
  let stop = () => {};
  const waiting: string[] = [];
  const cut = () => {
    end();
    raw.destroy();
  };
  const write = (text: string) => {
    if (ended) return;
    if (!open) {
      if (waiting.push(text) > WAITING_EVENTS) cut();
    } else if (raw.writableLength + Buffer.byteLength(text) > STREAM_BACKLOG_BYTES) cut();
    else raw.write(text);
  };
  const heartbeat = setInterval(() => write(": heartbeat\n\n"), heartbeatMs);
  const end: EndStream = ({ retryMs } = {}) => {
    if (ended) return;
    ended = true;
    clearInterval(heartbeat);
    streams.delete(end);
    stop();
    if (!open) return;
    live?.closed();
    if (raw.writableEnded) return;
    raw.end(retryMs === undefined ? undefined : `retry: ${retryMs}\n\n`);
  };
  streams.add(end);
  raw.on("close", () => end());
  raw.on("error", () => end());
  return {
    write,
    end,
    started(stopSource: () => void) {
      stop = stopSource;
      open = true;
      for (const text of waiting.splice(0)) raw.write(text);
      // Ended before it started: the client left, or the source said all it had.
      if (ended) {
        stopSource();
        raw.end();
        return;
      }
      live?.opened();
    },
  };
}

/**
 * Registers a Server-Sent Events operation: the caller is checked before any
 * byte of the stream, so a refusal is the usual error envelope; then
 * `event: <type>` and `data: <json>` per event, a heartbeat comment on a quiet
 * stream, and the source stopped when the client goes or the app closes.
 */
export function addEventStream<O extends Operation, E extends { type: string }>(
  app: FastifyInstance,
  operation: O,
  source: StreamSource<O, E>,
  { heartbeatMs, live }: { heartbeatMs: number; live?: LiveStreams },
) {
  const streams = new Set<EndStream>();
  // Open streams would keep the server from closing: each ends, saying when to
  // come back (to another instance, behind a load balancer).
  app.addHook("preClose", async () => {
    for (const end of [...streams]) {
      end({ retryMs: CLOSING_RETRY_MS.min + Math.floor(Math.random() * CLOSING_RETRY_MS.spread) });
    }
  });
  app.route({
    method: "GET",
    url: operation.path,
    config: { trustedPagesOnly: true },
    schema: {
      tags: [...operation.tags],
      summary: operation.summary,
      produces: ["text/event-stream"],
      ...(operation.params && { params: operation.params }),
      response: { 200: operation.response, "4xx": errorEnvelopeSchema },
    },
    handler: async (request, reply) => {
      const stream = streamOf(reply, heartbeatMs, streams, live);
      const sink: StreamSink<E> = {
        send: (event) => stream.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`),
        end: () => stream.end(),
      };
      let stop: () => void;
      try {
        stop = await source(request as unknown as OperationRequest<O>, sink);
      } catch (error) {
        stream.end();
        throw error;
      }
      startStream(reply);
      stream.started(stop);
    },
  });
}
