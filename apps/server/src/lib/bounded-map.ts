/** A map that forgets its oldest half when it is full: memory alone bounds it. */
export function boundedMap<V>(capacity = 50_000) {
  const entries = new Map<string, V>();
  return {
    get: (key: string) => entries.get(key),
    set(key: string, value: V) {
      if (entries.size >= capacity) {
        let drop = capacity / 2;
        for (const key of entries.keys()) {
          entries.delete(key);
          if (--drop <= 0) break;
        }
      }
      entries.set(key, value);
    },
    delete: (key: string) => entries.delete(key),
    clear: () => entries.clear(),
  };
}
