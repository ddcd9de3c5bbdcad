import { dilemmaDayLabel, splitPercentages } from "@eitheror/shared/global-dilemma/rules";
import { ordinal, type PodiumPlace, pointsText, wrapText } from "@eitheror/shared/share/rules";
import sharp from "sharp";
import { CARD_FONT_FAMILY, cardFontCoverage, useCardFonts } from "./card-fonts";

/**
 * The share cards' pictures (decision 0028): an SVG drawn here, turned into a
 * 1200×630 PNG by sharp (librsvg, through fontconfig, in the fonts the server
 * ships: DejaVu Sans and Noto Emoji, decision 0053). Text is wrapped by counting
 * characters against a generous width per character, so a line never runs off
 * the card, and a character none of the fonts has is drawn as "?", never as the
 * missing-glyph box.
 */
export const CARD = { width: 1200, height: 630 } as const;

const MARGIN = 80;
const TEXT_WIDTH = CARD.width - 2 * MARGIN;
/** A character of DejaVu Sans Bold is at most this wide on average, in em (measured: ~0.6). */
const CHAR_EM = 0.64;
/**
 * Upper bounds of the card fonts' widths, in em, for the characters wider than
 * CHAR_EM (measured: W 1.10, Noto Emoji 1.25, Cyrillic capitals up to 1.31).
 */
const WIDE = [
  { test: /[\p{Extended_Pictographic}\p{Regional_Indicator}]/u, em: 1.3 },
  { test: /[WMmw@%\u2014]/u, em: 1.12 },
  { test: /[A-Z0-9#&]/u, em: 0.86 },
  { test: /[^\u0020-\u024f\u1e00-\u1eff]/u, em: 1.35 },
];
const FONT = CARD_FONT_FAMILY;
const colours = {
  from: "#2e1065",
  to: "#4c1d95",
  text: "#ffffff",
  muted: "#ddd6fe",
  accent: "#fed7aa",
  track: "#ffffff",
  optionA: "#7c3aed",
  optionB: "#c2410c",
  ringA: "#c4b5fd",
  ringB: "#fdba74",
};

const XML_SPECIAL: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};

/** Text made safe inside an SVG element or attribute; characters XML forbids are dropped. */
export function escapeXml(text: string): string {
  return (
    text
      // biome-ignore lint/suspicious/noControlCharactersInRegex: these are what XML 1.0 refuses.
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, "")
      .replace(/[&<>"']/g, (char) => XML_SPECIAL[char] ?? char)
  );
}

const graphemes = new Intl.Segmenter("en", { granularity: "grapheme" });
/** Drawn as nothing (joiners, variation selectors, emoji tags) or as a space. */
const UNSEEN = /[\p{Default_Ignorable_Code_Point}\s]/u;
/** What stands for a character no card font has. */
export const UNDRAWABLE = "?";

/**
 * The text with every character (a whole grapheme: an emoji with its modifiers
 * and joiners, a letter with its accents) that the card fonts cannot draw
 * replaced by UNDRAWABLE, so no card shows a missing-glyph box.
 */
export function drawable(text: string, covered: ReadonlySet<number> = cardFontCoverage()): string {
  let out = "";
  for (const { segment } of graphemes.segment(text)) {
    let known = true;
    for (const char of segment) {
      if (!covered.has(char.codePointAt(0) ?? 0) && !UNSEEN.test(char)) known = false;
    }
    out += known ? segment : UNDRAWABLE;
  }
  return out;
}

const charsFor = (width: number, size: number) => Math.floor(width / (size * CHAR_EM));

/** How wide a line may be drawn at most: each character at its class's upper bound. */
export function estimateWidth(line: string, size: number): number {
  let ems = 0;
  for (const char of line) ems += WIDE.find((wide) => wide.test.test(char))?.em ?? CHAR_EM;
  return ems * size;
}

/** One line clipped (with an ellipsis) until it cannot run past `width`. */
export function clipToWidth(line: string, size: number, width: number): string {
  const chars = Array.from(line.trim());
  if (estimateWidth(chars.join(""), size) <= width) return chars.join("");
  let kept = chars.length;
  while (kept > 1 && estimateWidth(`${chars.slice(0, kept).join("").trimEnd()}…`, size) > width) {
    kept -= 1;
  }
  return `${chars.slice(0, kept).join("").trimEnd()}…`;
}

/** Wrapped by characters, then narrower still until no line can run past `width`. */
export function wrapToWidth(text: string, size: number, width: number): string[] {
  for (let limit = charsFor(width, size); limit > 1; limit -= 1) {
    const lines = wrapText(text, limit);
    if (lines.every((line) => estimateWidth(line, size) <= width)) return lines;
  }
  return wrapText(text, 1);
}

/**
 * The question in the largest size whose lines fit `height`: wrapped lines, the
 * last one clipped only if even the smallest size is not enough.
 */
export function fitQuestion(text: string, height: number) {
  const sizes = [56, 46, 38, 32, 28];
  for (const size of sizes) {
    const lines = wrapToWidth(text, size, TEXT_WIDTH);
    if (lines.length * size * 1.2 <= height) return { size, lines };
  }
  const size = sizes[sizes.length - 1] ?? 28;
  const room = Math.max(1, Math.floor(height / (size * 1.2)));
  const lines = wrapToWidth(text, size, TEXT_WIDTH);
  const kept = lines.slice(0, room);
  if (lines.length > room) kept[room - 1] = clipToWidth(`${kept[room - 1]} …`, size, TEXT_WIDTH);
  return { size, lines: kept };
}

const text = (x: number, y: number, size: number, fill: string, body: string, extra = "") =>
  `<text x="${x}" y="${y}" font-size="${size}" fill="${fill}" ${extra}>${escapeXml(drawable(body))}</text>`;

function frame(title: string, label: string, body: string, footer: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD.width}" height="${CARD.height}" viewBox="0 0 ${CARD.width} ${CARD.height}" font-family="${FONT}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colours.from}"/><stop offset="1" stop-color="${colours.to}"/></linearGradient></defs>
<rect width="${CARD.width}" height="${CARD.height}" fill="url(#bg)"/>
<circle cx="1120" cy="40" r="180" fill="${colours.optionA}" opacity="0.25"/>
<circle cx="60" cy="640" r="140" fill="${colours.optionB}" opacity="0.18"/>
${text(MARGIN, 92, 34, colours.accent, clipToWidth(title, 34, 560), 'font-weight="800"')}
${text(CARD.width - MARGIN, 92, 24, colours.muted, clipToWidth(label, 24, 440), 'text-anchor="end" font-weight="600"')}
${body}
${text(MARGIN, 596, 24, colours.muted, clipToWidth(footer, 24, TEXT_WIDTH))}
</svg>`;
}

function question(dilemma: string, top: number, height: number): string {
  const { size, lines } = fitQuestion(dilemma, height);
  return lines
    .map((line, i) =>
      text(MARGIN, top + size + i * size * 1.2, size, colours.text, line, 'font-weight="700"'),
    )
    .join("\n");
}

function optionRow(
  y: number,
  { letter, label, percent }: { letter: "A" | "B"; label: string; percent: number },
): string {
  const height = 84;
  const fill = letter === "A" ? colours.optionA : colours.optionB;
  const ring = letter === "A" ? colours.ringA : colours.ringB;
  const barWidth = Math.round((TEXT_WIDTH * percent) / 100);
  const labelSize = estimateWidth(label, 30) <= 760 ? 30 : 24;
  return `<rect x="${MARGIN}" y="${y}" width="${TEXT_WIDTH}" height="${height}" rx="20" fill="${colours.track}" fill-opacity="0.08" stroke="${ring}" stroke-width="3"/>
<rect x="${MARGIN}" y="${y}" width="${barWidth}" height="${height}" rx="20" fill="${fill}" fill-opacity="0.85"/>
<circle cx="${MARGIN + 44}" cy="${y + height / 2}" r="26" fill="${fill}" stroke="${colours.text}" stroke-width="2"/>
${text(MARGIN + 44, y + height / 2 + 11, 30, colours.text, letter, 'text-anchor="middle" font-weight="800"')}
${text(MARGIN + 90, y + height / 2 + 10, labelSize, colours.text, clipToWidth(label, labelSize, 760), 'font-weight="700"')}
${text(CARD.width - MARGIN - 24, y + height / 2 + 14, 40, colours.text, `${percent}%`, 'text-anchor="end" font-weight="800"')}`;
}

export interface DailyCard {
  title: string;
  host: string;
  day: string;
  dilemma: string;
  optionA: string;
  optionB: string;
  countA: number;
  countB: number;
}

/** The daily result's card: the day, the question, both options with their split bars. */
export function dailyCardSvg(card: DailyCard): string {
  const { percentA, percentB } = splitPercentages(card.countA, card.countB);
  const total = card.countA + card.countB;
  const answers = `${total.toLocaleString("en-US")} ${total === 1 ? "answer" : "answers"}`;
  const body = [
    question(card.dilemma, 116, 220),
    optionRow(356, { letter: "A", label: card.optionA, percent: percentA }),
    optionRow(456, { letter: "B", label: card.optionB, percent: percentB }),
  ].join("\n");
  const label = dilemmaDayLabel(new Date(`${card.day}T00:00:00Z`));
  return frame(card.title, label, body, `${answers} · Pick yours at ${card.host}`);
}

export interface RoundCard {
  title: string;
  host: string;
  dilemma: string;
  podium: readonly PodiumPlace[];
}

const medal: Record<number, string> = { 1: "#f59e0b", 2: "#94a3b8", 3: "#b45309" };

/** A closed round's card: the question and its podium (names and points, nothing else). */
export function roundCardSvg(card: RoundCard): string {
  const rows = card.podium.map((place, i) => {
    const y = 336 + i * 72;
    return `<rect x="${MARGIN}" y="${y}" width="${TEXT_WIDTH}" height="60" rx="16" fill="${colours.track}" fill-opacity="0.1"/>
<rect x="${MARGIN + 12}" y="${y + 12}" width="72" height="36" rx="18" fill="${medal[place.rank] ?? colours.optionA}"/>
${text(MARGIN + 48, y + 38, 22, colours.text, ordinal(place.rank), 'text-anchor="middle" font-weight="800"')}
${text(MARGIN + 104, y + 41, 30, colours.text, clipToWidth(place.displayName, 30, 720), 'font-weight="700"')}
${text(CARD.width - MARGIN - 24, y + 40, 30, colours.accent, pointsText(place.points), 'text-anchor="end" font-weight="800"')}`;
  });
  const body = [question(card.dilemma, 116, 200), ...rows].join("\n");
  return frame(
    card.title,
    "Round results",
    body,
    `Think you know your friends? Play at ${card.host}`,
  );
}

/** An SVG of ours as a PNG of the card's size. */
export async function renderPng(svg: string): Promise<Buffer> {
  useCardFonts();
  return sharp(Buffer.from(svg), { density: 72 })
    .resize(CARD.width, CARD.height)
    .png({ compressionLevel: 8 })
    .toBuffer();
}
