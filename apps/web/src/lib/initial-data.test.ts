import { globalDilemmaSchema } from "@eitheror/shared/global-dilemma/schema";
import { initialDataSchema } from "@eitheror/shared/shell/schema";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { asGlobalDilemma, asInitialData } from "./initial-data";

const dilemma = {
  id: "d1",
  day: "2026-11-22",
  dilemma: "Tea or coffee?",
  optionA: "Tea",
  optionB: "Coffee",
  countA: 3,
  countB: 0,
};

/** Near misses of a dilemma: each field swapped for any JSON value, or dropped, or an extra one. */
const dilemmaLike = fc.record(
  {
    id: fc.oneof(fc.string(), fc.jsonValue()),
    day: fc.oneof(fc.constant("2026-11-22"), fc.string(), fc.jsonValue()),
    dilemma: fc.oneof(fc.string(), fc.jsonValue()),
    optionA: fc.oneof(fc.string(), fc.jsonValue()),
    optionB: fc.oneof(fc.string(), fc.jsonValue()),
    countA: fc.oneof(fc.nat(), fc.integer(), fc.double(), fc.jsonValue()),
    countB: fc.oneof(fc.nat(), fc.integer(), fc.double(), fc.jsonValue()),
    extra: fc.jsonValue(),
  },
  { requiredKeys: [] },
);

describe("the page's initial data, read without zod", () => {
  it("keeps a well-formed dilemma as it is, and only its fields", () => {
    expect(asGlobalDilemma({ ...dilemma, extra: 1 })).toEqual(dilemma);
    expect(asInitialData({ globalDilemma: dilemma })).toEqual({ globalDilemma: dilemma });
    expect(asInitialData({})).toEqual({});
    const yesterday = { ...dilemma, id: "d0", day: "2026-11-21" };
    expect(asInitialData({ globalDilemma: dilemma, yesterdayDilemma: yesterday })).toEqual({
      globalDilemma: dilemma,
      yesterdayDilemma: yesterday,
    });
    // No yesterday is news too: nothing of it is to be waited for.
    expect(asInitialData({ globalDilemma: dilemma, yesterdayDilemma: null })).toEqual({
      globalDilemma: dilemma,
      yesterdayDilemma: null,
    });
  });

  it("gives the same answer as the shared schema for any near miss", () => {
    fc.assert(
      fc.property(fc.oneof(dilemmaLike, fc.jsonValue()), (value) => {
        const parsed = globalDilemmaSchema.safeParse(value);
        expect(asGlobalDilemma(value)).toEqual(parsed.success ? parsed.data : undefined);
      }),
      { numRuns: 2000 },
    );
  });

  it("and the same as initialDataSchema for the whole block", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.record(
            {
              globalDilemma: fc.oneof(dilemmaLike, fc.jsonValue()),
              yesterdayDilemma: fc.oneof(fc.constant(null), dilemmaLike, fc.jsonValue()),
            },
            { requiredKeys: [] },
          ),
          fc.jsonValue(),
        ),
        (value) => {
          const parsed = initialDataSchema.safeParse(value);
          expect(asInitialData(value)).toEqual(parsed.success ? parsed.data : undefined);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
