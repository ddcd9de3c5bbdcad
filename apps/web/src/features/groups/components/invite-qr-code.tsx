import { encode } from "uqr";

/** The light margin a reader needs around the code, in modules (ISO/IEC 18004 asks for 4). */
export const QUIET_ZONE = 4;

/**
 * The dark modules as one path: each row's runs of dark modules, one rectangle a
 * run, in module units (the viewBox scales them to the tile).
 */
export function qrPath(modules: boolean[][]): string {
  let path = "";
  modules.forEach((row, y) => {
    let x = 0;
    while (x < row.length) {
      if (!row[x]) {
        x += 1;
        continue;
      }
      const start = x;
      while (row[x]) x += 1;
      path += `M${start + QUIET_ZONE} ${y + QUIET_ZONE}h${x - start}v1h${start - x}z`;
    }
  });
  return path;
}

/**
 * The invitation link as a QR code, for a friend across the table to scan.
 * Dark on light in both schemes (qr-ink on qr-paper): a phone's camera reads
 * an inverted code badly, so dark mode keeps the light tile. 224 px wide, which
 * fits a 320 px screen and reads from across a table.
 */
export function InviteQrCode({ url }: { url: string }) {
  // M: a smudged or glaring screen still reads, and a link stays a small code.
  const { size, data } = encode(url, { ecc: "M", border: 0 });
  const side = size + 2 * QUIET_ZONE;
  return (
    <svg
      role="img"
      aria-label="QR code of the invitation link"
      viewBox={`0 0 ${side} ${side}`}
      shapeRendering="crispEdges"
      className="size-56 shrink-0 rounded-2xl bg-qr-paper text-qr-ink ring-1 ring-border"
    >
      <path fill="currentColor" d={qrPath(data)} />
    </svg>
  );
}
