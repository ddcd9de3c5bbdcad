/** A path's parameters as the browser sent them (percent-encoded), or null when one is not valid. */
export function decoded(values: string[]): string[] | null {
  try {
    return values.map((value) => decodeURIComponent(value));
  } catch {
    return null;
  }
}
