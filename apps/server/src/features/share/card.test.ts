import fc from "fast-check";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { isMissingGlyphBox } from "../../../test/png";
import {
  CARD,
  clipToWidth,
  dailyCardSvg,
  drawable,
  escapeXml,
  estimateWidth,
  fitQuestion,
  renderPng,
  roundCardSvg,
  UNDRAWABLE,
  wrapToWidth,
} from "./card";
import { cardFontCoverage } from "./card-fonts";

const wordUnit = fc.constantFrom("a", "m", "W", "i", "é", "😀", "?", "&", "<", "'");
const words = fc.array(fc.string({ minLength: 1, maxLength: 40, unit: wordUnit }), {
  minLength: 1,
  maxLength: 40,
});

describe("wrapToWidth", () => {
  it("keeps every line within the width it may be drawn in, and loses no word", () => {
    fc.assert(
      fc.property(words, fc.integer({ min: 20, max: 60 }), (list, size) => {
        const lines = wrapToWidth(list.join(" "), size, 1040);
        for (const line of lines) expect(estimateWidth(line, size)).toBeLessThanOrEqual(1040);
        expect(lines.join("").replace(/\s/g, "")).toBe(list.join(""));
      }),
    );
  });
});

describe("fitQuestion", () => {
  it("fits any question of up to 200 characters into the card's question area", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 200, unit: wordUnit }), (question) => {
        const { size, lines } = fitQuestion(question, 220);
        expect(lines.length * size * 1.2).toBeLessThanOrEqual(220);
      }),
    );
  });
  it("takes the largest size a short question fits in", () => {
    expect(fitQuestion("Tea or coffee?", 220)).toEqual({ size: 56, lines: ["Tea or coffee?"] });
  });
});

describe("clipToWidth", () => {
  it("ends a cut line with an ellipsis and leaves a short one alone", () => {
    expect(clipToWidth("Ana", 30, 700)).toBe("Ana");
    const cut = clipToWidth("W".repeat(80), 30, 700);
    expect(cut.endsWith("…")).toBe(true);
    expect(estimateWidth(cut, 30)).toBeLessThanOrEqual(700);
  });
});

describe("the cards' SVG", () => {
  const hostile = `</text><script>alert(1)</script> & "q" 'x' \u0000\u0007`;

  it("escapes every text it writes, and drops what XML forbids", async () => {
    expect(escapeXml(hostile)).toBe(
      "&lt;/text&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;q&quot; &apos;x&apos; ",
    );
    const svg = dailyCardSvg({
      title: hostile,
      host: "play.example",
      day: "2026-11-22",
      dilemma: `Tea or coffee? ${hostile}`,
      optionA: hostile,
      optionB: "Coffee",
      countA: 3,
      countB: 1,
    });
    expect(svg).not.toContain("<script");
    expect(svg).not.toContain("</text><");
    // It is well-formed: librsvg draws it.
    const png = await renderPng(svg);
    expect((await sharp(png).metadata()).width).toBe(CARD.width);
  });

  it("draws a round's question and podium, and nothing it was not given", () => {
    const svg = roundCardSvg({
      title: "eitheror",
      host: "play.example",
      dilemma: "Tea or coffee?",
      podium: [
        { rank: 1, displayName: "Ana", points: 2 },
        { rank: 2, displayName: "Ben", points: 1 },
      ],
    });
    expect(svg).toContain(">Tea or coffee?</text>");
    expect(svg).toContain(">1st</text>");
    expect(svg).toContain(">Ana</text>");
    expect(svg).toContain(">2 pts</text>");
    expect(svg).toContain(">1 pt</text>");
  });
});

describe("the cards' fonts", () => {
  /** One glyph, large, dark on light, drawn as a card is (card fonts, sharp). */
  const glyph = (char: string) =>
    renderPng(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD.width}" height="${CARD.height}"><rect width="100%" height="100%" fill="#fff"/><text x="300" y="420" font-size="320" font-family="DejaVu Sans, Noto Emoji" font-weight="700">${char}</text></svg>`,
    );

  it("draw emoji as emoji, not as the box of a character no font has", async () => {
    // The yardstick: a private-use character, which no font has, is the box.
    expect(cardFontCoverage().has(0xe000)).toBe(false);
    expect(await isMissingGlyphBox(await glyph("\u{E000}"))).toBe(true);
    for (const emoji of ["🎉", "👩‍👩‍👧", "👍🏽", "🇫🇷", "☕", "❤️"]) {
      expect(await isMissingGlyphBox(await glyph(emoji)), emoji).toBe(false);
    }
    expect(await isMissingGlyphBox(await glyph("Ж")), "a letter").toBe(false);
  });

  it("replace a character none of them has with a question mark, whole", () => {
    expect(drawable("Dee 🎉 & Jo👍🏽")).toBe("Dee 🎉 & Jo👍🏽");
    expect(drawable("Café Ωж")).toBe("Café Ωж");
    expect(drawable("山田 Ana")).toBe(`${UNDRAWABLE}${UNDRAWABLE} Ana`);
    expect(drawable("\u{E000}x")).toBe(`${UNDRAWABLE}x`);
  });

  it("leave nothing in a card's text that no font draws", () => {
    const covered = cardFontCoverage();
    const unseen = /[\p{Default_Ignorable_Code_Point}\s]/u;
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 40 }), (text) => {
        for (const char of drawable(text)) {
          expect(covered.has(char.codePointAt(0) ?? 0) || unseen.test(char), char).toBe(true);
        }
      }),
    );
  });

  it("put a name's emoji on the round card and a question mark for what it cannot draw", () => {
    const svg = roundCardSvg({
      title: "eitheror",
      host: "play.example",
      dilemma: "Party 🎉 or nap 😴?",
      podium: [
        { rank: 1, displayName: "Dee 🎉", points: 2 },
        { rank: 2, displayName: "山田", points: 1 },
      ],
    });
    expect(svg).toContain(">Party 🎉 or nap 😴?</text>");
    expect(svg).toContain(">Dee 🎉</text>");
    expect(svg).toContain(`>${UNDRAWABLE}${UNDRAWABLE}</text>`);
  });
});
