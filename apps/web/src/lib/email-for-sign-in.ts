/**
 * The address a sign-in (or e-mail change) link was last sent to, kept in this
 * browser so opening the link here needs no typing (docs/product.md#sign-in-flow). Storage can be
 * unavailable (private mode, blocked cookies): then the link page simply asks.
 */
const STORAGE_KEY = "emailForSignIn";

export const emailForSignIn = {
  read(): string | null {
    try {
      return localStorage.getItem(STORAGE_KEY);
    } catch {
      return null;
    }
  },
  write(email: string) {
    try {
      localStorage.setItem(STORAGE_KEY, email);
    } catch {
      // Without storage the link page asks for the address instead.
    }
  },
  clear() {
    try {
      localStorage.removeItem(STORAGE_KEY);
    } catch {
      // Nothing was stored.
    }
  },
};
