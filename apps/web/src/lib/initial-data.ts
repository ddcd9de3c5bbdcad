import type { GlobalDilemma } from "@eitheror/shared/global-dilemma/schema";
import { shellIds } from "@eitheror/shared/shell/markup";
import type { InitialData } from "@eitheror/shared/shell/schema";

const isCount = (value: unknown) => Number.isSafeInteger(value) && (value as number) >= 0;
const isDay = (value: unknown) => typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value);
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * What `globalDilemmaSchema` accepts, checked by hand: the card is seeded from it
 * before the first render, and zod is not on the landing page's path
 * (docs/decisions/0022). A unit test holds the two to the same answers.
 */
export function asGlobalDilemma(value: unknown): GlobalDilemma | undefined {
  if (!isRecord(value)) return undefined;
  const { id, day, dilemma, optionA, optionB, countA, countB } = value;
  const texts = [id, dilemma, optionA, optionB];
  const counted = isCount(countA) && isCount(countB);
  if (!texts.every((text) => typeof text === "string") || !isDay(day) || !counted) return undefined;
  return { id, day, dilemma, optionA, optionB, countA, countB } as GlobalDilemma;
}

/** `initialDataSchema`'s answer for a parsed JSON value: what is well-formed, else nothing. */
export function asInitialData(value: unknown): InitialData | undefined {
  if (!isRecord(value)) return undefined;
  const { globalDilemma, yesterdayDilemma } = value;
  const today = globalDilemma === undefined ? {} : asGlobalDilemma(globalDilemma);
  const yesterday = yesterdayDilemma == null ? yesterdayDilemma : asGlobalDilemma(yesterdayDilemma);
  if (!today || (yesterdayDilemma != null && !yesterday)) return undefined;
  return {
    ...(globalDilemma !== undefined && { globalDilemma: today as GlobalDilemma }),
    ...(yesterday !== undefined && { yesterdayDilemma: yesterday as GlobalDilemma | null }),
  };
}

/**
 * The data the server wrote into the page (today's dilemma on `/`). Anything
 * missing or malformed counts as nothing: the app then asks the API as usual.
 */
export function readInitialData(): InitialData {
  const text = document.getElementById(shellIds.initialData)?.textContent;
  if (!text) return {};
  try {
    return asInitialData(JSON.parse(text)) ?? {};
  } catch {
    return {};
  }
}
