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
