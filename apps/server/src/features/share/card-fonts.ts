import { createHash } from "node:crypto";
import { lstatSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir, userInfo } from "node:os";
import { dirname, join } from "node:path";

/**
 * The fonts the share cards are drawn in, and nothing else (decision 0053): DejaVu
 * Sans for text, Noto Emoji (monochrome outlines, which librsvg draws; colour
 * emoji fonts it does not) for emoji. They come from npm packages, so they are
 * found the same way from `src/` and from the bundle in `dist/`, and a card looks
 * the same on every machine whatever fonts the system has.
 */
const require = createRequire(import.meta.url);
const packageFolder = (name: string) => dirname(require.resolve(`${name}/package.json`));

export const CARD_FONT_FAMILY = "DejaVu Sans, Noto Emoji";

export function cardFontFiles(): string[] {
  const dejavu = join(packageFolder("dejavu-fonts-ttf"), "ttf");
  const emoji = join(packageFolder("@expo-google-fonts/noto-emoji"), "700Bold");
  return [
    join(dejavu, "DejaVuSans.ttf"),
    join(dejavu, "DejaVuSans-Bold.ttf"),
    join(emoji, "NotoEmoji_700Bold.ttf"),
  ];
}

const xml = (text: string) => text.replace(/[&<>"]/g, (char) => `&#${char.codePointAt(0)};`);

/**
 * A fontconfig file that knows the card fonts' folders and no system font. (The
 * DejaVu folder holds its other faces too; they can only add fallbacks, and what
 * the card draws is checked against `cardFontCoverage` alone.)
 */
export function fontconfigFile(files: readonly string[]): string {
  const folders = [...new Set(files.map((file) => dirname(file)))];
  return `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
<fontconfig>
${folders.map((folder) => `  <dir>${xml(folder)}</dir>`).join("\n")}
</fontconfig>
`;
}

/** A folder of this user's alone (mode 0700), as the backup socket's. */
function privateFolder(folder: string): string {
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  const stat = lstatSync(folder);
  const ours = stat.isDirectory() && stat.uid === userInfo().uid && (stat.mode & 0o077) === 0;
  if (!ours) throw new Error(`${folder} is not a folder of this user's alone (mode 0700)`);
  return folder;
}

let configured = false;

/**
 * Points fontconfig (inside sharp's libvips) at the card fonts. It reads
 * FONTCONFIG_FILE once, when librsvg first lays out text, so this runs before the
 * first card is drawn; nothing else in the server draws text.
 */
export function useCardFonts(): void {
  if (configured) return;
  configured = true;
  try {
    const conf = fontconfigFile(cardFontFiles());
    const name = `card-fonts-${createHash("sha256").update(conf).digest("hex").slice(0, 16)}.conf`;
    const path = join(privateFolder(join(tmpdir(), `eitheror-${userInfo().uid}`)), name);
    const partial = `${path}.${process.pid}`;
    writeFileSync(partial, conf);
    renameSync(partial, path);
    process.env.FONTCONFIG_FILE = path;
  } catch {
    // No private temporary folder (or no fonts installed): the system's fonts draw
    // the cards, emoji perhaps as boxes, which beats a card that fails.
  }
}

/** The code points a TrueType font maps to a glyph, read from its `cmap` table. */
export function fontCodePoints(font: Buffer): Set<number> {
  const points = new Set<number>();
  const tables = font.readUInt16BE(4);
  let cmap = -1;
  for (let i = 0; i < tables; i += 1) {
    const record = 12 + i * 16;
    if (font.toString("latin1", record, record + 4) === "cmap")
      cmap = font.readUInt32BE(record + 8);
  }
  if (cmap < 0) return points;
  const subtables = font.readUInt16BE(cmap + 2);
  for (let i = 0; i < subtables; i += 1) {
    const record = cmap + 4 + i * 8;
    const platform = font.readUInt16BE(record);
    const encoding = font.readUInt16BE(record + 2);
    const unicode = platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10));
    if (!unicode) continue;
    const at = cmap + font.readUInt32BE(record + 4);
    const format = font.readUInt16BE(at);
    if (format === 4) readFormat4(font, at, points);
    if (format === 12) readFormat12(font, at, points);
  }
  return points;
}

/** Segments of the Basic Multilingual Plane; a glyph id of 0 is "no glyph". */
function readFormat4(font: Buffer, at: number, points: Set<number>) {
  const segments = font.readUInt16BE(at + 6) / 2;
  const ends = at + 14;
  const starts = ends + segments * 2 + 2;
  const deltas = starts + segments * 2;
  const rangeOffsets = deltas + segments * 2;
  for (let s = 0; s < segments; s += 1) {
    const start = font.readUInt16BE(starts + s * 2);
    const end = font.readUInt16BE(ends + s * 2);
    const delta = font.readInt16BE(deltas + s * 2);
    const rangeOffsetAt = rangeOffsets + s * 2;
    const rangeOffset = font.readUInt16BE(rangeOffsetAt);
    for (let code = start; code <= end && code !== 0xffff; code += 1) {
      let glyph = (code + delta) & 0xffff;
      if (rangeOffset !== 0) {
        const raw = font.readUInt16BE(rangeOffsetAt + rangeOffset + (code - start) * 2);
        glyph = raw === 0 ? 0 : (raw + delta) & 0xffff;
      }
      if (glyph !== 0) points.add(code);
    }
  }
}

/** Groups over all of Unicode, each a run of characters with consecutive glyphs. */
function readFormat12(font: Buffer, at: number, points: Set<number>) {
  const groups = font.readUInt32BE(at + 12);
  for (let g = 0; g < groups; g += 1) {
    const group = at + 16 + g * 12;
    const start = font.readUInt32BE(group);
    const end = font.readUInt32BE(group + 4);
    const firstGlyph = font.readUInt32BE(group + 8);
    for (let code = start; code <= end; code += 1) {
      if (firstGlyph + (code - start) !== 0) points.add(code);
    }
  }
}

let coverage: Set<number> | undefined;

/** Every code point some card font draws. */
export function cardFontCoverage(): Set<number> {
  coverage ??= new Set(cardFontFiles().flatMap((file) => [...fontCodePoints(readFileSync(file))]));
  return coverage;
}
