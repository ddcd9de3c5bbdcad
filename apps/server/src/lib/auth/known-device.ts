import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/** Where the browser sends the cookie: the e-mail link routes only (send and complete). */
export const KNOWN_DEVICE_PATH = "/api/sign-in/email-link";
/** As long as a browser keeps a cookie at most (Chrome's cap is 400 days); renewed by each sign-in. */
const MAX_AGE_S = 365 * 24 * 60 * 60;
/** Addresses one browser is proven for: a shared family computer, not a collection. */
export const ADDRESSES_PER_DEVICE = 5;
const ID_BYTES = 16;
const SIGNATURE_BYTES = 16;
/** 16 bytes in base64url, without padding: 22 characters, the only spelling accepted. */
const PART = /^[\w-]{22}$/;

/**
 * The "known device" cookie (decision 0036): proof that this browser completed
 * a sign-in for an address, so its requests for that address's links skip the
 * allowance strangers share. `<deviceId>.<signature>[.<signature>…]`, each
 * signature the HMAC of the device id and one address under a key derived from
 * the server's secret for this purpose alone. It names no address: it proves one
 * only to a request that names it. HttpOnly and scoped to the sign-in routes, so
 * no page script and no other route ever sees it.
 */
export function createKnownDevices(secret: string, { https }: { https: boolean }) {
  const key = createHmac("sha256", secret).update("eitheror known device").digest();
  const signatureOf = (deviceId: string, email: string) =>
    createHmac("sha256", key)
      .update(`${deviceId}\n${email}`)
      .digest()
      .subarray(0, SIGNATURE_BYTES)
      .toString("base64url");
  const name = https ? "__Secure-eitheror.known_device" : "eitheror.known_device";
  const attributes = `Path=${KNOWN_DEVICE_PATH}; Max-Age=${MAX_AGE_S}; HttpOnly; SameSite=Lax${https ? "; Secure" : ""}`;

  /** The cookie's device id and signatures, or null when it is not one the server could have made. */
  function parse(cookie: string | undefined) {
    const [deviceId, ...signatures] = (cookie ?? "").split(".");
    if (!deviceId || !PART.test(deviceId) || signatures.length > ADDRESSES_PER_DEVICE) return null;
    return signatures.every((signature) => PART.test(signature)) ? { deviceId, signatures } : null;
  }

  return {
    cookieName: name,
    /** The device id when `cookie` proves this browser completed a sign-in for `email`, else null. */
    provenFor(cookie: string | undefined, email: string): string | null {
      const parsed = parse(cookie);
      if (!parsed) return null;
      // The same canonical text, compared in constant time: one spelling proves.
      const expected = Buffer.from(signatureOf(parsed.deviceId, email));
      const proven = parsed.signatures.some((signature) =>
        timingSafeEqual(Buffer.from(signature), expected),
      );
      return proven ? parsed.deviceId : null;
    },
    /**
     * The Set-Cookie line after this browser completed a sign-in for `email`:
     * the device keeps its id, and this address's proof goes first, before the
     * newest others it held.
     */
    afterSignIn(cookie: string | undefined, email: string): string {
      const parsed = parse(cookie);
      const deviceId = parsed?.deviceId ?? randomBytes(ID_BYTES).toString("base64url");
      const signature = signatureOf(deviceId, email);
      const others = (parsed?.signatures ?? []).filter((kept) => kept !== signature);
      const value = [deviceId, signature, ...others.slice(0, ADDRESSES_PER_DEVICE - 1)].join(".");
      return `${name}=${value}; ${attributes}`;
    },
  };
}

export type KnownDevices = ReturnType<typeof createKnownDevices>;
