import { shellIds } from "@eitheror/shared/shell/markup";
import { type InitialData, initialDataSchema } from "@eitheror/shared/shell/schema";

/**
 * The data the server wrote into the page (today's dilemma on `/`). Anything
 * missing or malformed counts as nothing: the app then asks the API as usual.
 */
export function readInitialData(): InitialData {
  const text = document.getElementById(shellIds.initialData)?.textContent;
  if (!text) return {};
  try {
    const parsed = initialDataSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}
