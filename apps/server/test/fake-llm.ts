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

/** What the fake answers to the next POST /chat/completions. */
export type Reply = { content: string } | { status: number; body?: string } | { hang: true };

/**
 * A real HTTP server that speaks the OpenAI chat-completions convention, for the
 * generator's tests: it answers what the test tells it to and keeps what it was asked.
 */
export async function startFakeLlm() {
  const requests: ChatRequest[] = [];
  let reply: Reply = { content: '{"dilemmas":[]}' };
  const hanging = new Set<ServerResponse>();

  const server = createServer(async (request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
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
    response.writeHead(200, { "content-type": "application/json" }).end(
      JSON.stringify({
        id: "chatcmpl-test",
        object: "chat.completion",
        choices: [
          {
            index: 0,
            message: { role: "assistant", content: reply.content },
            finish_reason: "stop",
          },
        ],
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    answer(next: Reply) {
      reply = next;
    },
    async close() {
      for (const response of hanging) response.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
