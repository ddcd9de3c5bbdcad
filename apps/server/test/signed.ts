/**
 * `signed` ("<payload>.<signature>") with its signature's first character changed
 * to another one: always a wrong signature (changing the last characters to fixed
 * ones leaves it right when they were those already, and base64url's last
 * character carries padding bits a decoder may ignore).
 */
export function withWrongSignature(signed: string): string {
  const dot = signed.lastIndexOf(".");
  const first = signed.charAt(dot + 1);
  return `${signed.slice(0, dot + 1)}${first === "A" ? "B" : "A"}${signed.slice(dot + 2)}`;
}

const BASE64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/**
 * Other spellings of the same signature bytes: its last base64url character with
 * different unused low bits (a decoder drops them), and with `=` padding added.
 * Each decodes to exactly the bytes the server signed, so only a comparison of
 * the text as the server wrote it refuses them.
 */
export function otherSpellings(signed: string): string[] {
  const dot = signed.lastIndexOf(".");
  const signature = signed.slice(dot + 1);
  const head = signed.slice(0, signed.length - 1);
  const last = BASE64URL.indexOf(signed.charAt(signed.length - 1));
  // Bits a character carries beyond the signature's: 8 × bytes leave 6 × length − 8 × bytes unused.
  const unusedBits = (signature.length * 6) % 8;
  const mask = (1 << unusedBits) - 1;
  const spellings: string[] = [];
  for (let low = 0; low <= mask; low++) {
    const char = BASE64URL.charAt((last & ~mask) | low);
    if (char !== signed.charAt(signed.length - 1)) spellings.push(`${head}${char}`);
  }
  return [...spellings, `${signed}=`, `${signed}==`];
}
