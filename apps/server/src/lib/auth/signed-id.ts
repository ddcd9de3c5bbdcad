import { createHmac, timingSafeEqual } from "node:crypto";

/** Bytes of HMAC-SHA256 a signature keeps: 128 bits, 22 characters in base64url. */
const SIGNATURE_BYTES = 16;

/**
 * Ids signed with the server's secret for one purpose, as `<id>.<signature>`: a
 * link that proves the server made it, with no table behind it (decision 0028).
 * A key per purpose, so a signature made for one never opens another.
 */
export function createIdSigner(secret: string, purpose: string) {
  const key = createHmac("sha256", secret).update(`eitheror ${purpose}`).digest();
  const signatureOf = (id: string) =>
    createHmac("sha256", key)
      .update(id)
      .digest()
      .subarray(0, SIGNATURE_BYTES)
      .toString("base64url");

  return {
    sign: (id: string) => `${id}.${signatureOf(id)}`,
    /** The id a signed value carries, or null when the server did not sign it. */
    open(signed: string): string | null {
      const dot = signed.lastIndexOf(".");
      if (dot <= 0) return null;
      const id = signed.slice(0, dot);
      return sameText(signed.slice(dot + 1), signatureOf(id)) ? id : null;
    },
  };
}

/**
 * Whether a signature is the text the server wrote, compared in constant time.
 * Text, not the bytes it decodes to: base64url's last character has bits a
 * decoder ignores, and padding it skips, so other spellings decode to the same
 * bytes and one link would have many addresses.
 */
export function sameText(given: string, expected: string): boolean {
  const left = Buffer.from(given);
  const right = Buffer.from(expected);
  return left.length === right.length && timingSafeEqual(left, right);
}

export type IdSigner = ReturnType<typeof createIdSigner>;
