import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface ChatRequest {
  authorization?: string;
  body: {
    model?: string;
    messages?: { role: string; content: string }[];
    response_format?: unknown;
  };
}

/** Where a `redirect` reply sends the client: it answers `content` there. */
const MOVED_PATH = "/v1/moved/chat/completions";

/** What the fake answers to the next POST /chat/completions. */
export type Reply =
  | { content: string }
  | { status: number; body?: string }
  | { hang: true }
  /** A 307 (method and body kept) to another path, which answers `content` if asked. */
  | { redirect: { content: string } }
  /**
   * `bytes` of a JSON body, written as the client reads them (never held whole),
   * with or without a Content-Length announcing them.
   */
  | { stream: { bytes: number; announce: boolean } };

const completion = (content: string) =>
  JSON.stringify({
    id: "chatcmpl-test",
    object: "chat.completion",
    choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
  });

/**
 * Writes `bytes` bytes of a JSON object padded with spaces, waiting for the client
 * to take each chunk; resolves with the bytes written when it is done or the
 * client went away.
 */
function streamBody(response: ServerResponse, bytes: number): Promise<number> {
  const CHUNK = 64 * 1024;
  const head = Buffer.from('{"choices":[{"message":{"content":"');
  const tail = Buffer.from('"}}]}');
  const padding = Buffer.alloc(CHUNK, " ");
  return new Promise((resolve) => {
    let written = 0;
    let gone = false;
    response.on("close", () => {
      gone = true;
      resolve(written);
    });
    const write = (chunk: Buffer) => {
      written += chunk.length;
      return response.write(chunk);
    };
    const pump = () => {
      if (gone) return;
      if (written === 0) write(head);
      while (written < bytes - tail.length) {
        const room = Math.min(CHUNK, bytes - tail.length - written);
        if (!write(room === CHUNK ? padding : padding.subarray(0, room))) {
          response.once("drain", pump);
          return;
        }
      }
      write(tail);
      response.end();
    };
    pump();
  });
}

/**
 * A real HTTP server that speaks the OpenAI chat-completions convention, for the
 * generator's tests: it answers what the test tells it to and keeps what it was asked.
 */
export async function startFakeLlm() {
  const requests: ChatRequest[] = [];
  /** Every path asked for, in order: a redirect followed shows here. */
  const paths: string[] = [];
  let reply: Reply = { content: '{"dilemmas":[]}' };
  const hanging = new Set<ServerResponse>();
  /** What the last streamed reply had written when it ended or the client hung up. */
  let streamed: Promise<number> = Promise.resolve(0);

  const server = createServer(async (request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    paths.push(request.url ?? "");
    if (request.method === "POST" && request.url === MOVED_PATH && "redirect" in reply) {
      response
        .writeHead(200, { "content-type": "application/json" })
        .end(completion(reply.redirect.content));
      return;
    }
    if (request.method !== "POST" || request.url !== "/v1/chat/completions") {
      response.writeHead(404).end();
      return;
    }
    requests.push({
      authorization: request.headers.authorization,
      body: JSON.parse(Buffer.concat(chunks).toString("utf8")),
    });
    if ("hang" in reply) {
      hanging.add(response);
      return;
    }
    if ("status" in reply) {
      response
        .writeHead(reply.status, { "content-type": "application/json" })
        .end(reply.body ?? "{}");
      return;
    }
    if ("redirect" in reply) {
      response.writeHead(307, { location: MOVED_PATH }).end();
      return;
    }
    if ("stream" in reply) {
      const { bytes, announce } = reply.stream;
      response.writeHead(200, {
        "content-type": "application/json",
        ...(announce && { "content-length": String(bytes) }),
      });
      streamed = streamBody(response, bytes);
      return;
    }
    response.writeHead(200, { "content-type": "application/json" }).end(completion(reply.content));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    paths,
    movedPath: MOVED_PATH,
    answer(next: Reply) {
      reply = next;
    },
    /** How many bytes the last streamed reply got out before it ended or was cut. */
    streamedBytes: () => streamed,
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
