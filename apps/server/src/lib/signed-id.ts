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
    createHmac("sha256", key).update(id).digest().subarray(0, SIGNATURE_BYTES);

  return {
    sign: (id: string) => `${id}.${signatureOf(id).toString("base64url")}`,
    /** The id a signed value carries, or null when the server did not sign it. */
    open(signed: string): string | null {
      const dot = signed.lastIndexOf(".");
      if (dot <= 0) return null;
      const id = signed.slice(0, dot);
      const given = Buffer.from(signed.slice(dot + 1), "base64url");
      const expected = signatureOf(id);
      if (given.length !== expected.length) return null;
      return timingSafeEqual(given, expected) ? id : null;
    },
  };
}

export type IdSigner = ReturnType<typeof createIdSigner>;
