import { describe, expect, it } from "vitest";
import { createBatcher } from "./batcher";

interface Item {
  key: string;
  value: number;
}

/** A batcher whose writes are recorded, and may be told to fail. */
function recording({ maxSize = 100, inFlight = 1, failWhen = (_: Item[]): boolean => false } = {}) {
  const batches: Item[][] = [];
  const batcher = createBatcher<Item, string>({
    key: (item) => item.key,
    maxSize,
    inFlight,
    run: async (items) => {
      batches.push(items);
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (failWhen(items)) throw new Error("the batch failed");
      return items.map((item) => `${item.key}:${item.value}`);
    },
  });
  return { batcher, batches };
}

describe("group commit", () => {
  it("writes what arrives together in one batch, each caller getting its own outcome", async () => {
    const { batcher, batches } = recording();
    const outcomes = await Promise.all(
      ["a", "b", "c"].map((key, value) => batcher.submit({ key, value })),
    );
    expect(outcomes).toEqual(["a:0", "b:1", "c:2"]);
    expect(batches).toHaveLength(1);
  });

  it("answers a caller only once its batch has been written", async () => {
    const { batcher, batches } = recording();
    const outcome = await batcher.submit({ key: "a", value: 1 });
    expect(outcome).toBe("a:1");
    expect(batches.flat()).toContainEqual({ key: "a", value: 1 });
  });

  it("never puts one key twice in a batch, and writes a key's items in the order submitted", async () => {
    const { batcher, batches } = recording();
    const sent = [
      { key: "me", value: 1 },
      { key: "other", value: 1 },
      { key: "me", value: 2 },
      { key: "me", value: 3 },
      { key: "other", value: 2 },
    ];
    await Promise.all(sent.map((item) => batcher.submit(item)));
    for (const batch of batches) {
      expect(new Set(batch.map((item) => item.key)).size).toBe(batch.length);
    }
    const mine = batches.flat().filter((item) => item.key === "me");
    expect(mine.map((item) => item.value)).toEqual([1, 2, 3]);
  });

  it("keeps a key's order with batches in flight side by side", async () => {
    const { batcher, batches } = recording({ inFlight: 3, maxSize: 2 });
    const sent = Array.from({ length: 12 }, (_, i) => ({ key: `k${i % 3}`, value: i }));
    await Promise.all(sent.map((item) => batcher.submit(item)));
    for (const key of ["k0", "k1", "k2"]) {
      const values = batches
        .flat()
        .filter((item) => item.key === key)
        .map((item) => item.value);
      expect(values).toEqual(sent.filter((item) => item.key === key).map((item) => item.value));
    }
  });

  it("holds at most maxSize items in a batch", async () => {
    const { batcher, batches } = recording({ maxSize: 4 });
    await Promise.all(
      Array.from({ length: 10 }, (_, i) => batcher.submit({ key: `k${i}`, value: i })),
    );
    expect(Math.max(...batches.map((batch) => batch.length))).toBeLessThanOrEqual(4);
    expect(batches.flat()).toHaveLength(10);
  });

  it("tries each item of a failed batch alone, so one bad item fails no other", async () => {
    const bad = (items: Item[]) => items.some((item) => item.value < 0);
    const { batcher } = recording({ failWhen: bad });
    const results = await Promise.allSettled([
      batcher.submit({ key: "a", value: 1 }),
      batcher.submit({ key: "b", value: -1 }),
      batcher.submit({ key: "c", value: 3 }),
    ]);
    expect(results.map((result) => result.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
  });

  it("settles once everything submitted is written, what waited behind a batch included", async () => {
    const { batcher, batches } = recording();
    await batcher.settle(); // Nothing to write: at once.
    const first = batcher.submit({ key: "a", value: 1 });
    await new Promise((resolve) => setImmediate(resolve)); // The first batch is on its way.
    const second = batcher.submit({ key: "a", value: 2 }); // Same key: the next batch.
    await batcher.settle();
    expect(batches).toEqual([[{ key: "a", value: 1 }], [{ key: "a", value: 2 }]]);
    await expect(Promise.all([first, second])).resolves.toEqual(["a:1", "a:2"]);
  });
});
