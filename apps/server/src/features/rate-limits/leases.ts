import { boundedMap } from "../../lib/bounded-map";

/**
 * Hits an instance has counted in the shared counters ahead of use (decision 0034):
 * per key, how many are left to hand out in the window they were counted in. They
 * are never more than the database allowed, so a limit still holds across
 * instances; one instance alone hands them out exactly as the counter would.
 */
interface Lease {
  windowStart: Date;
  /** When the window the hits were counted in ends (ms since the epoch). */
  endsAt: number;
  left: number;
}

/** Keys whose leftover hits are kept; past it the oldest half go (they only count against their key). */
const MAX_KEYS = 10_000;

export function createLeases() {
  const leases = boundedMap<Lease>(MAX_KEYS);
  const current = (key: string, now: Date) => {
    const lease = leases.get(key);
    if (!lease || lease.endsAt > now.getTime()) return lease;
    leases.delete(key);
    return undefined;
  };

  return {
    /** Takes one leftover hit of `key`; answers its window's start, or null when none is left. */
    take(key: string, now: Date): Date | null {
      const lease = current(key, now);
      if (!lease || lease.left === 0) return null;
      lease.left--;
      return lease.windowStart;
    },
    /** Keeps `left` hits counted for `key` in the window that started at `windowStart`. */
    keep(
      key: string,
      { windowStart, windowMs }: { windowStart: Date; windowMs: number },
      left: number,
    ) {
      const endsAt = windowStart.getTime() + windowMs;
      const lease = leases.get(key);
      if (lease && lease.windowStart.getTime() === windowStart.getTime()) {
        lease.left += left;
        return;
      }
      leases.delete(key);
      if (left > 0) leases.set(key, { windowStart, endsAt, left });
    },
    /** Gives a hit back to `key`'s current lease; false when it has none (the database's count takes it). */
    giveBack(key: string, now: Date): boolean {
      const lease = current(key, now);
      if (!lease) return false;
      lease.left++;
      return true;
    },
  };
}
