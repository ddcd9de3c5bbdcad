/**
 * The e2e dilemma generator: a real HTTP server that speaks the OpenAI
 * chat-completions convention (the app's LLM_BASE_URL points here). Every
 * answer is a fresh batch, fenced as providers without a JSON mode send it:
 * BATCH_NEW new dilemmas and one malformed item the app must drop.
 *   POST /v1/chat/completions → a batch
 *   GET  /health              → 200
 */
import { createServer } from "node:http";
import { FAKE_LLM_BATCH_NEW } from "./ports";

const port = Number(process.env.LLM_PORT);
const topics = ["pancakes", "rockets", "penguins", "volcanoes", "kites", "lanterns", "tigers"];
let calls = 0;

function batch() {
  calls += 1;
  const stamp = `${process.pid} ${calls}`;
  const dilemmas: unknown[] = Array.from({ length: FAKE_LLM_BATCH_NEW }, (_, index) => ({
    dilemma: `Would you rather draw ${topics[index % topics.length]} or paint them (batch ${stamp}, ${index + 1})?`,
    optionA: "Draw",
    optionB: "Paint",
  }));
  dilemmas.push({ dilemma: "A question with no answers" });
  return `\`\`\`json\n${JSON.stringify({ dilemmas })}\n\`\`\``;
}

const server = createServer(async (request, response) => {
  for await (const _ of request) {
    // The body is the prompt; the fake answers the same whatever it says.
  }
  if (request.method === "GET" && request.url === "/health") {
    response.writeHead(200).end("ok");
    return;
  }
  if (request.method !== "POST" || request.url !== "/v1/chat/completions") {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(200, { "content-type": "application/json" }).end(
    JSON.stringify({
      id: `chatcmpl-e2e-${calls}`,
      object: "chat.completion",
      choices: [
        { index: 0, message: { role: "assistant", content: batch() }, finish_reason: "stop" },
      ],
    }),
  );
});
server.listen(port, "127.0.0.1");

const stop = () => {
  server.close();
  process.exit(0);
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
