const BLOCK = 512;

export interface TarEntry {
  /** As the archive names it: PGlite's dumps start each name with `/`. */
  name: string;
  /** `0` (or NUL) a file, `5` a folder. */
  type: string;
  bytes: Buffer;
}

/** Why bytes are not a whole tar archive: none at all, cut short, or damaged inside. */
export class TarError extends Error {
  constructor(
    readonly kind: "not-tar" | "truncated" | "damaged",
    message: string,
  ) {
    super(message);
  }
}

/** A header's checksum: the sum of its bytes, the checksum field counted as spaces. */
function checksumHolds(header: Buffer): boolean {
  const stored = Number.parseInt(header.toString("latin1", 148, 156).replace(/[\0 ]+$/, ""), 8);
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : (header[i] ?? 0);
  return sum === stored;
}

/**
 * The entries of a ustar archive (what PGlite's dumpDataDir writes), checked as
 * they are read: every header's checksum, every entry whole, and the archive's
 * end marker there. Throws a TarError saying which is wrong.
 */
export function* tarEntries(tar: Buffer): Generator<TarEntry> {
  let at = 0;
  while (at + BLOCK <= tar.length) {
    const header = tar.subarray(at, at + BLOCK);
    if (header.every((byte) => byte === 0)) return;
    if (!checksumHolds(header)) {
      throw at === 0
        ? new TarError("not-tar", "it is no tar archive")
        : new TarError("damaged", `a header at byte ${at} is damaged`);
    }
    const text = (from: number, length: number) =>
      header.toString("utf8", from, from + length).replace(/\0.*$/s, "");
    const prefix = text(345, 155);
    const name = prefix ? `${prefix}/${text(0, 100)}` : text(0, 100);
    const size = Number.parseInt(text(124, 12).trim() || "0", 8);
    const type = header.toString("latin1", 156, 157);
    at += BLOCK;
    if (at + size > tar.length) throw new TarError("truncated", `it ends inside ${name}`);
    yield { name, type, bytes: tar.subarray(at, at + size) };
    at += Math.ceil(size / BLOCK) * BLOCK;
  }
  if (at === 0) throw new TarError("not-tar", "it is no tar archive");
  throw new TarError("truncated", "its end marker is missing");
}
