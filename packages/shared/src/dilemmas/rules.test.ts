import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { dilemmaKey } from "./rules";

describe("dilemmaKey", () => {
  it("ignores case, spacing and punctuation", () => {
    const key = dilemmaKey("Would you rather fly or be invisible?");
    expect(key).toBe("would you rather fly or be invisible");
    expect(dilemmaKey("  would YOU rather   fly, or be invisible!! ")).toBe(key);
    expect(dilemmaKey("Would you rather fly... or be invisible")).toBe(key);
  });

  it("ignores accents", () => {
    expect(dilemmaKey("Café or crêpe?")).toBe(dilemmaKey("cafe or crepe"));
  });

  it("keeps questions that ask different things apart", () => {
    expect(dilemmaKey("Cats or dogs?")).not.toBe(dilemmaKey("Dogs or cats?"));
    expect(dilemmaKey("Pick 1 or 2?")).not.toBe(dilemmaKey("Pick 1 or 3?"));
  });

  it("is stable: a key is its own key", () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const key = dilemmaKey(text);
        expect(dilemmaKey(key)).toBe(key);
        expect(key).toMatch(/^(?:[a-z0-9]+(?: [a-z0-9]+)*)?$/);
      }),
    );
  });
});
