// @ts-check
// `node scripts/icons.mjs`: draws the app's icons and share image from the SVGs
// below into apps/web/public (run once after changing them; the PNGs are
// committed). Install icons for the manifest (192, 512, and a maskable 512 whose
// mark stays inside the safe circle), the 180 px apple-touch-icon, and the
// 1200×630 image link previews show. The share image carries no product name:
// APP_TITLE can change it, and the preview's title says it anyway.
import { writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

const out = (/** @type {string} */ name) =>
  fileURLToPath(new URL(`../apps/web/public/${name}`, import.meta.url));
const violet = "#4c1d95";
const lilac = "#c4b5fd";
const peach = "#fdba74";
const font = "Liberation Sans, DejaVu Sans, Arial, sans-serif";

/**
 * The mark: A and B either side of a line, on a violet square (corner radius `rx`).
 * @param {{ size: number; rx: number; scale?: number }} options
 */
function mark({ size, rx, scale = 1 }) {
  const s = (/** @type {number} */ value) => value * scale;
  const c = size / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
  <rect width="${size}" height="${size}" rx="${rx}" fill="${violet}"/>
  <path d="M${c} ${c - s(0.34 * size)}V${c + s(0.34 * size)}" stroke="#fff" stroke-opacity=".5" stroke-width="${s(0.06 * size)}" stroke-linecap="round"/>
  <text x="${c - s(0.2 * size)}" y="${c + s(0.14 * size)}" font-family="${font}" font-size="${s(0.4 * size)}" font-weight="700" fill="${lilac}" text-anchor="middle">A</text>
  <text x="${c + s(0.2 * size)}" y="${c + s(0.14 * size)}" font-family="${font}" font-size="${s(0.4 * size)}" font-weight="700" fill="${peach}" text-anchor="middle">B</text>
</svg>`;
}

const shareImage = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#2e1065"/>
      <stop offset="1" stop-color="${violet}"/>
    </linearGradient>
  </defs>
  <rect width="1200" height="630" fill="url(#bg)"/>
  <text x="600" y="150" font-family="${font}" font-size="44" font-weight="700" fill="#ede9fe" text-anchor="middle">One question a day. Which would you pick?</text>
  <rect x="130" y="220" width="410" height="240" rx="40" fill="#fff" fill-opacity=".08" stroke="${lilac}" stroke-width="6"/>
  <circle cx="335" cy="340" r="80" fill="#7c3aed"/>
  <text x="335" y="375" font-family="${font}" font-size="100" font-weight="700" fill="#fff" text-anchor="middle">A</text>
  <text x="600" y="358" font-family="${font}" font-size="40" font-weight="700" fill="#ede9fe" fill-opacity=".8" text-anchor="middle">OR</text>
  <rect x="660" y="220" width="410" height="240" rx="40" fill="#fff" fill-opacity=".08" stroke="${peach}" stroke-width="6"/>
  <circle cx="865" cy="340" r="80" fill="#c2410c"/>
  <text x="865" y="375" font-family="${font}" font-size="100" font-weight="700" fill="#fff" text-anchor="middle">B</text>
  <text x="600" y="545" font-family="${font}" font-size="36" fill="#ede9fe" fill-opacity=".85" text-anchor="middle">See how everyone split, then play with friends.</text>
</svg>`;

const png = (/** @type {string} */ svg) =>
  sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true }).toBuffer();

await Promise.all([
  writeFile(out("icon-192.png"), await png(mark({ size: 192, rx: 42 }))),
  writeFile(out("icon-512.png"), await png(mark({ size: 512, rx: 112 }))),
  // Maskable: full bleed, the mark shrunk into the 80 % safe zone launchers keep.
  writeFile(out("icon-maskable-512.png"), await png(mark({ size: 512, rx: 0, scale: 0.75 }))),
  // iOS rounds the corners itself and shows transparency as black.
  writeFile(out("apple-touch-icon.png"), await png(mark({ size: 180, rx: 0 }))),
  writeFile(out("og-image.png"), await png(shareImage)),
]);
console.log("icons written to apps/web/public");
