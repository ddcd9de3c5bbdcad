import { dilemmaMessages } from "@eitheror/shared/dilemmas/schema";
import { AppError } from "../../lib/errors";

/** How many dilemmas one Generate asks for. */
export const BATCH_SIZE = 12;

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
      signal: AbortSignal.timeout(settings.timeoutMs),
    });
  } catch (error) {
    const late = error instanceof DOMException && error.name === "TimeoutError";
    throw failed(
      late
        ? `The dilemma generator did not answer within ${settings.timeoutMs / 1000} s. Nothing was added.`
        : "The dilemma generator could not be reached. Nothing was added.",
      error,
    );
  }
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
  if (!response.ok) {
    throw failed(
      `The dilemma generator answered with an error (HTTP ${response.status}). Nothing was added.`,
    );
  }
  const body = (await response.json().catch(() => null)) as {
    choices?: { message?: { content?: unknown } }[];
  } | null;
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
