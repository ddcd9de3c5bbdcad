/**
 * The key two dilemmas share when they ask the same thing: case, spacing and
 * punctuation do not make a question new.
 */
export function dilemmaKey(dilemma: string): string {
  return dilemma
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}
