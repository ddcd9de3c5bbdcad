import { dilemmaMessages } from "@eitheror/shared/dilemmas/schema";
import { AppError } from "../../lib/http/errors";

/** How many dilemmas one Generate asks for, and the most it takes from an answer. */
export const BATCH_SIZE = 12;
/** The most of a reply the server reads: twelve dilemmas take about 3 kB. */
export const MAX_REPLY_BYTES = 1024 * 1024;

export interface GeneratorSettings {
  baseUrl: string;
  model: string;
  apiKey?: string;
  timeoutMs: number;
}

const failed = (message: string, cause?: unknown) =>
  new AppError(502, message, { code: "generator_failed", cause });

function prompt(examples: string[]) {
  return [
    {
      role: "system",
      content:
        'You write dilemmas for a friendly party game: a short question with exactly two answers, A and B. Family-friendly, playful, varied in topic, never about real people, politics or religion. Reply with one JSON object and nothing else: {"dilemmas":[{"dilemma":"…?","optionA":"…","optionB":"…"}]}. A question is at most 200 characters, an answer at most 60.',
    },
    {
      role: "user",
      content: `Write ${BATCH_SIZE} new dilemmas, different from these:\n${examples.map((q) => `- ${q}`).join("\n")}`,
    },
  ];
}

function parseJsonOrNull(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The message content as JSON: providers without a JSON mode often wrap it in a code fence. */
export function parseContent(content: string): unknown {
  const fenced = content.match(/```(?:json)?\s*([\s\S]*?)```/i);
  try {
    return JSON.parse((fenced?.[1] ?? content).trim());
  } catch (error) {
    throw failed("The dilemma generator's answer was not JSON. Nothing was added.", error);
  }
}

async function post(settings: GeneratorSettings, examples: string[]): Promise<Response> {
  try {
    return await fetch(`${settings.baseUrl.replace(/\/+$/, "")}/chat/completions`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...(settings.apiKey && { authorization: `Bearer ${settings.apiKey}` }),
      },
      body: JSON.stringify({
        model: settings.model,
        messages: prompt(examples),
        response_format: { type: "json_object" },
        temperature: 0.9,
      }),
      // A redirect would take the key and the prompt to an address nobody configured.
      redirect: "manual",
      signal: AbortSignal.timeout(settings.timeoutMs),
    });
  } catch (error) {
    throw unreachable(settings, error);
  }
}

function unreachable(settings: GeneratorSettings, error: unknown) {
  const late = error instanceof DOMException && error.name === "TimeoutError";
  return failed(
    late
      ? `The dilemma generator did not answer within ${settings.timeoutMs / 1000} s. Nothing was added.`
      : "The dilemma generator could not be reached. Nothing was added.",
    error,
  );
}

const tooLarge = () =>
  failed(
    `The dilemma generator's answer was larger than ${MAX_REPLY_BYTES / 1024 / 1024} MB. Nothing was added.`,
  );

/**
 * The reply's body as text, read as it arrives and given up past
 * `MAX_REPLY_BYTES`: a provider (or whatever answers at its address) cannot make
 * the server hold more than that.
 */
async function readCapped(response: Response, settings: GeneratorSettings): Promise<string> {
  if (Number(response.headers.get("content-length")) > MAX_REPLY_BYTES) {
    await response.body?.cancel().catch(() => {});
    throw tooLarge();
  }
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > MAX_REPLY_BYTES) {
        await reader.cancel().catch(() => {});
        throw tooLarge();
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const late = error instanceof DOMException && error.name === "TimeoutError";
    throw late
      ? unreachable(settings, error)
      : failed("The dilemma generator's answer broke off. Nothing was added.", error);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * Asks an OpenAI-compatible chat-completions endpoint (hosted providers, Ollama,
 * llama.cpp, vLLM) for a batch; answers the items of its `dilemmas` array, as yet
 * unchecked. Any failure is a 502 that says what went wrong.
 */
export async function requestDilemmas(
  settings: GeneratorSettings | null,
  examples: string[],
): Promise<unknown[]> {
  if (!settings) {
    throw new AppError(503, dilemmaMessages.notConfigured, { code: "generator_not_configured" });
  }
  const response = await post(settings, examples);
  if (response.status >= 300 && response.status < 400) {
    await response.body?.cancel().catch(() => {});
    throw failed(
      `The dilemma generator answered with a redirect (HTTP ${response.status}), which is not followed: set LLM_BASE_URL to the address it names. Nothing was added.`,
    );
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => {});
    throw failed(
      `The dilemma generator answered with an error (HTTP ${response.status}). Nothing was added.`,
    );
  }
  const text = await readCapped(response, settings);
  const body = parseJsonOrNull(text) as { choices?: { message?: { content?: unknown } }[] } | null;
  const content = body?.choices?.[0]?.message?.content;
  if (typeof content !== "string") {
    throw failed("The dilemma generator's answer had no message. Nothing was added.");
  }
  const parsed = parseContent(content) as { dilemmas?: unknown };
  if (!Array.isArray(parsed?.dilemmas)) {
    throw failed('The dilemma generator\'s answer had no "dilemmas" list. Nothing was added.');
  }
  return parsed.dilemmas;
}
