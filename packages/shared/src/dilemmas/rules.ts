/**
 * The key two dilemmas share when they ask the same thing: case, spacing and
 * punctuation do not make a question new.
 */
export function dilemmaKey(dilemma: string): string {
  // NFKD splits "ê" into "e" and a combining mark: drop the mark, not the word.
  return dilemma
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}
