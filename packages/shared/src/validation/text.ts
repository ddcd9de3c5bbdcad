// With the `u` flag a surrogate pair is one code point: the class matches only lone halves.
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/**
 * Text PostgreSQL can store: no NUL character, and no UTF-16 surrogate without its
 * partner (JSON can carry `"\ud800"`; stored, it would come back as '�').
 */
export function isStorableText(text: string): boolean {
  return !text.includes("\u0000") && !LONE_SURROGATE.test(text);
}

/**
 * Whether any string inside `value` (a parsed JSON body, a query), key or value, is
 * not storable text. It runs on every request: it walks without allocating.
 */
export function holdsUnstorableText(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return !isStorableText(value);
  // Deeper than any payload of ours: the parser's own limits have the last word.
  if (depth > 64 || value === null || typeof value !== "object") return false;
  if (Array.isArray(value)) {
    for (const item of value) if (holdsUnstorableText(item, depth + 1)) return true;
    return false;
  }
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const item = (value as Record<string, unknown>)[key];
    if (!isStorableText(key) || holdsUnstorableText(item, depth + 1)) return true;
  }
  return false;
}

/**
 * Invisible characters that can hide text or reorder what stands around it:
 * Unicode's format class (bidi overrides and isolates, zero-width spaces, the
 * byte-order mark, soft hyphens) and the line and paragraph separators. Not the
 * joiners and tag characters that emoji (👩‍👩‍👧, 🏴󠁧󠁢󠁳󠁣󠁴󠁿) and some scripts are made of.
 */
const HIDDEN = String.raw`[\u2028\u2029]|(?![\u200C\u200D\u{E0020}-\u{E007F}])\p{Cf}`;
const CONTROL_OR_HIDDEN = new RegExp(String.raw`\p{Cc}|${HIDDEN}`, "gu");
const CONTROL_BUT_LINE_BREAK_OR_HIDDEN = new RegExp(String.raw`[^\P{Cc}\n]|${HIDDEN}`, "gu");

/**
 * Control characters (C0, DEL, C1) and invisible ones (HIDDEN) taken out of free
 * text a person typed, then trimmed: what names, group names and feedback keep.
 */
export function stripControlCharacters(text: string): string {
  return text.replace(CONTROL_OR_HIDDEN, "").trim();
}

/** As stripControlCharacters, keeping line breaks: what a comment keeps. */
export function stripControlCharactersButLineBreaks(text: string): string {
  return text.replace(CONTROL_BUT_LINE_BREAK_OR_HIDDEN, "").trim();
}
