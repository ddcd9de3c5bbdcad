import { describe, expect, it } from "vitest";
import type { SessionToken } from "./provider";
import { createSessionProofs, SESSION_PROOF_MS } from "./session-proofs";

const token = "token-1" as SessionToken;

/** Proofs on a clock the test moves by hand. */
function proofsAt(start = 1_000_000) {
  let now = start;
  const proofs = createSessionProofs(() => now);
  return { proofs, move: (ms: number) => (now += ms), now: () => now };
}

describe("session proofs", () => {
  it("give a proven session's user for less than SESSION_PROOF_MS, then nothing", () => {
    const { proofs, move, now } = proofsAt();
    expect(proofs.userOf(token)).toBeNull();
    proofs.prove(token, "user-1", now());
    move(SESSION_PROOF_MS - 1);
    expect(proofs.userOf(token)).toBe("user-1");
    move(1);
    expect(proofs.userOf(token)).toBeNull();
  });

  it("count from when the check began, not from when it was recorded", () => {
    const { proofs, move, now } = proofsAt();
    const began = now();
    move(SESSION_PROOF_MS);
    proofs.prove(token, "user-1", began);
    expect(proofs.userOf(token)).toBeNull();
  });

  it("are all gone after forget(), and a check that began before it proves nothing", () => {
    const { proofs, move, now } = proofsAt();
    proofs.prove(token, "user-1", now());
    const began = now();
    move(5);
    proofs.forget();
    expect(proofs.userOf(token)).toBeNull();
    proofs.prove(token, "user-1", began);
    expect(proofs.userOf(token)).toBeNull();
    proofs.prove(token, "user-1", now());
    expect(proofs.userOf(token)).toBe("user-1");
  });

  it("drop one token on doubt, keeping the others", () => {
    const { proofs, now } = proofsAt();
    const other = "token-2" as SessionToken;
    proofs.prove(token, "user-1", now());
    proofs.prove(other, "user-2", now());
    proofs.doubt(token);
    expect(proofs.userOf(token)).toBeNull();
    expect(proofs.userOf(other)).toBe("user-2");
  });

  it("trust no proof from the future when the clock was moved back", () => {
    const { proofs, move, now } = proofsAt();
    proofs.prove(token, "user-1", now());
    move(-1);
    expect(proofs.userOf(token)).toBeNull();
    // After a forget(), a clock moved back still lets new proofs in.
    proofs.forget();
    move(-10);
    proofs.prove(token, "user-1", now());
    expect(proofs.userOf(token)).toBe("user-1");
  });
});
