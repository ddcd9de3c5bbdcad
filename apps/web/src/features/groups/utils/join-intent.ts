/**
 * That the person pressed Join on an invitation and went to sign in first, kept
 * in this browser. Coming back signed in (`?join=1` on the invitation), it lets
 * the page join at once, exactly once, for that invitation only: a link with
 * `?join=1` that someone else made joins nobody. Storage can be unavailable:
 * then the invitation simply waits for a second Join.
 */
const STORAGE_KEY = "joinIntent";
/** Long enough for the e-mailed link (10 minutes) and the details screen. */
export const JOIN_INTENT_MS = 60 * 60 * 1000;

export const joinIntent = {
  remember(inviteCode: string, now = Date.now()) {
    try {
      localStorage.setItem(STORAGE_KEY, JSON.stringify({ inviteCode, at: now }));
    } catch {
      // Without storage the invitation asks for Join again.
    }
  },
  /** Whether a fresh intent for `inviteCode` was there; it is used up either way. */
  take(inviteCode: string, now = Date.now()): boolean {
    try {
      const stored = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? "null") as {
        inviteCode?: unknown;
        at?: unknown;
      } | null;
      localStorage.removeItem(STORAGE_KEY);
      return (
        stored?.inviteCode === inviteCode &&
        typeof stored.at === "number" &&
        now - stored.at >= 0 &&
        now - stored.at < JOIN_INTENT_MS
      );
    } catch {
      return false;
    }
  },
};
