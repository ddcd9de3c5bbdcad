import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  holdsUnstorableText,
  isStorableText,
  stripControlCharacters,
  stripControlCharactersButLineBreaks,
} from "./text";

describe("isStorableText", () => {
  it("accepts ordinary text, emoji and other scripts", () => {
    for (const text of ["", "Ada", "Zoë 🎲", "名前", "a\tb\nc"])
      expect(isStorableText(text)).toBe(true);
  });

  it("refuses NUL and surrogates without their partner", () => {
    for (const text of [
      "a\u0000b",
      "\u0000",
      "\uD800",
      "x\uDC00",
      "\uDBFF\uDBFF\uDC00",
      "🎲".slice(0, 1),
    ]) {
      expect(isStorableText(text)).toBe(false);
    }
  });

  it("agrees with a UTF-8 round trip for any string without NUL", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (text) => {
        const roundTrips = Buffer.from(text, "utf8").toString("utf8") === text;
        expect(isStorableText(text)).toBe(roundTrips && !text.includes("\u0000"));
      }),
    );
    // A busy machine (CI beside other jobs) can make 100 random strings slow, not wrong.
  }, 30_000);
});

describe("holdsUnstorableText", () => {
  it("looks into objects, arrays and keys", () => {
    expect(holdsUnstorableText({ a: ["ok", { b: "x\u0000" }] })).toBe(true);
    expect(holdsUnstorableText({ "\uD800": 1 })).toBe(true);
    expect(holdsUnstorableText({ a: ["ok", { b: 1, c: null, d: true }] })).toBe(false);
    expect(holdsUnstorableText(undefined)).toBe(false);
  });
});

describe("stripControlCharacters", () => {
  it("drops control characters and trims", () => {
    expect(stripControlCharacters("  Friday\u0007 Club\u0000\n ")).toBe("Friday Club");
    expect(stripControlCharacters("a\u2028b\u0085c")).toBe("abc");
    expect(stripControlCharacters("Zoë 🎲")).toBe("Zoë 🎲");
  });

  it("drops invisible characters that hide or reorder text", () => {
    // A right-to-left override would show the rest of a line backwards.
    expect(stripControlCharacters("\u202Eevil\u202C Club")).toBe("evil Club");
    expect(stripControlCharacters("\u2067Club\u2069")).toBe("Club");
    expect(stripControlCharacters("\uFEFF\u200BFri\u00ADday\u200E")).toBe("Friday");
  });

  it("keeps what emoji and scripts are made of", () => {
    for (const text of [
      "👩\u200D👩\u200D👧",
      "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}",
      "می\u200Cخواهم",
      "❤\uFE0F",
      "נועה",
    ]) {
      expect(stripControlCharacters(text)).toBe(text);
    }
  });
});

describe("stripControlCharactersButLineBreaks", () => {
  it("keeps line breaks and drops the rest as stripControlCharacters does", () => {
    expect(stripControlCharactersButLineBreaks(" one\n\u202Etwo\u0007\r\n ")).toBe("one\ntwo");
  });
});
