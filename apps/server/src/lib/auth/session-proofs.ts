import { boundedMap } from "../bounded-map";
import type { SessionToken } from "./provider";

/**
 * How long a hot write trusts a session it found alive (decision 0031): the bound
 * within which a sign-out or ban through another instance holds here. The same
 * second as a hot read's (`RECENT_SESSION_MS`, decision 0024).
 */
export const SESSION_PROOF_MS = 1000;

/**
 * Sessions this instance found alive, their users not banned, a moment ago: each
 * token with its user and when (app clock, ms). A hot write may take a proof
 * younger than SESSION_PROOF_MS instead of checking the session again in its
 * statement (decision 0031). A sign-out or ban through this instance forgets them
 * all (the auth plugin calls `forget()`).
 */
export function createSessionProofs(now: () => number) {
  const proofs = boundedMap<{ userId: string; at: number }>();
  /** Proofs taken before this moment (app clock, ms) may predate a sign-out or ban. */
  let forgottenAt = Number.NEGATIVE_INFINITY;
  return {
    /** The token's user, if its session was proven alive less than SESSION_PROOF_MS ago. */
    userOf(token: SessionToken): string | null {
      const proof = proofs.get(token);
      if (!proof) return null;
      const at = now();
      // A clock moved back (tests reset theirs) makes a proof from the "future": not one.
      return at >= proof.at && at - proof.at < SESSION_PROOF_MS ? proof.userId : null;
    },
    /**
     * The session of `token` was alive, for `userId`, when a check that began at
     * `at` (app clock, ms) read it. A check that began before the last `forget()`
     * proves nothing: it may have read the session before it ended.
     */
    prove(token: SessionToken, userId: string, at: number) {
      // Unless the clock moved back since (tests reset theirs): then no order can be told.
      if (at < forgottenAt && now() >= forgottenAt) return;
      proofs.set(token, { userId, at });
    },
    /** A session of this token may be gone: its next write checks it again. */
    doubt(token: SessionToken) {
      proofs.delete(token);
    },
    /** Sessions may have ended or accounts been disabled: check every one again. */
    forget() {
      forgottenAt = now();
      proofs.clear();
    },
  };
}

export type SessionProofs = ReturnType<typeof createSessionProofs>;
