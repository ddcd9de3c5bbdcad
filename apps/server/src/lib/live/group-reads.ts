import type { Clock } from "../clock";
import type { EventBus } from "./events";

// What an instance keeps in memory of a group's reads, dropped by the group's
// events (decisions 0024, 0080, 0083): the open round as each member last read
// it (features/rounds/current-cache.ts), and what every member reads alike.

/**
 * How old a kept read may be when it is served again: a change made through
 * another instance shows within this, usually at once (its event arrives first).
 */
export const GROUP_READ_MAX_AGE_MS = 1000;
const MAX_GROUPS = 10_000;

interface Entry<V> {
  value: V;
  /** When its read began (app clock, ms): everything committed before is in it. */
  at: number;
  due: number;
}

interface GroupReads<V> {
  entries: Map<string, Entry<V>>;
  /** When a read of it was last kept (app clock, ms). */
  keptAt: number;
  /** Reads begun before this (see `begin`) may be out of date: they are not kept. */
  changedAt: number;
  changedFor: Map<string, number>;
}

/** What `begin` hands a read: to keep its result only if nothing changed meanwhile. */
export interface ReadStart {
  order: number;
  at: number;
}

/**
 * What every member of a group reads alike, by name (the group, the leaderboard,
 * the past rounds, the who-knows-whom grid, a closed round), kept by the same
 * rules as the open round: dropped with any of the group's events, never served
 * after GROUP_READ_MAX_AGE_MS (a new name or photo shows within it), so a group of
 * 100 costs one read a second, not one per member.
 */
export function createSharedReads<Name extends string>(clock: Clock, events: EventBus) {
  const reads = createGroupReads<object>(clock, events, () => Number.POSITIVE_INFINITY);
  /** Reads under way, by group and name: members asking meanwhile wait for the same one. */
  const underWay = new Map<string, { start: ReadStart; value: Promise<object> }>();
  return {
    /** The group's `name` read if it is kept and may still be served; reads nothing. */
    kept: <T extends object>(groupId: string, name: Name) => reads.get(groupId, name) as T | null,
    /** The group's `name` read as kept, or `read()` kept (the same object for every member until it changes). */
    async through<T extends object>(groupId: string, name: Name, read: () => Promise<T>) {
      const kept = reads.get(groupId, name);
      if (kept) return kept as T;
      const key = `${groupId}\n${name}`;
      const going = underWay.get(key);
      if (going && !reads.changedSince(groupId, name, going.start)) return (await going.value) as T;
      const start = reads.begin();
      const value = read().then((value) => reads.keep(groupId, name, value, start));
      underWay.set(key, { start, value });
      try {
        return await value;
      } finally {
        if (underWay.get(key)?.value === value) underWay.delete(key);
      }
    },
    /** How many groups' reads this instance holds (idle ones are let go). */
    groupsHeld: () => reads.groupsHeld(),
  };
}

/**
 * Moves `group` to the end of `groups` (the most recently kept) and forgets the
 * groups at the front that nothing was kept of for GROUP_READ_MAX_AGE_MS: none of
 * their reads may be served any more, so an idle group holds no memory (a
 * closed round of 100 members is a few MB). Answers whether any was forgotten.
 */
function moveToEnd<V>(
  groups: Map<string, GroupReads<V>>,
  groupId: string,
  group: GroupReads<V>,
  now: number,
) {
  group.keptAt = now;
  groups.delete(groupId);
  groups.set(groupId, group);
  let dropped = false;
  for (const [id, idle] of groups) {
    if (idle === group || (now >= idle.keptAt && now - idle.keptAt < GROUP_READ_MAX_AGE_MS)) break;
    groups.delete(id);
    dropped = true;
  }
  return dropped;
}

/**
 * Reads of a group by key (a member's id, or a shared read's name), each served
 * until `dueOf(value)`, GROUP_READ_MAX_AGE_MS or a change of the group, whichever
 * comes first.
 */
export function createGroupReads<V extends object>(
  clock: Clock,
  events: EventBus,
  dueOf: (value: V) => number,
) {
  let groups = new Map<string, GroupReads<V>>();
  /** Orders reads and changes as this instance saw them. */
  let seen = 0;
  let clearedAt = 0;
  /** Groups forgotten as idle (moveToEnd): a read begun before is not kept in their new place. */
  let idleDroppedAt = 0;

  const groupOf = (groupId: string) => {
    let group = groups.get(groupId);
    if (!group) {
      if (groups.size >= MAX_GROUPS) forgetAll();
      group = { entries: new Map(), keptAt: 0, changedAt: idleDroppedAt, changedFor: new Map() };
      groups.set(groupId, group);
    }
    return group;
  };

  function forgetAll() {
    groups = new Map();
    clearedAt = ++seen;
  }

  function forgetGroup(groupId: string) {
    const group = groupOf(groupId);
    group.entries.clear();
    group.changedAt = ++seen;
  }

  events.watch(forgetGroup, forgetAll);

  return {
    /** The member's last read of the group's open round, if it may still be served. */
    get(groupId: string, userId: string): V | null {
      const entry = groups.get(groupId)?.entries.get(userId);
      if (!entry) return null;
      const now = clock.now().getTime();
      // A clock moved back (tests reset theirs) makes a read from the "future": read again.
      if (now < entry.at || now - entry.at >= GROUP_READ_MAX_AGE_MS || now >= entry.due)
        return null;
      return entry.value;
    },
    groupsHeld: () => groups.size,
    /** Marks the start of a read, before its first query. */
    begin: (): ReadStart => ({ order: ++seen, at: clock.now().getTime() }),
    /** Keeps a read begun at `start`, unless something changed since; answers what to serve. */
    keep<T extends V>(groupId: string, userId: string, value: T, start: ReadStart): T {
      const group = groupOf(groupId);
      const changed = Math.max(clearedAt, group.changedAt, group.changedFor.get(userId) ?? 0);
      if (changed >= start.order) return value;
      const kept = Object.freeze(value);
      group.entries.set(userId, { value: kept, at: start.at, due: dueOf(value) });
      if (moveToEnd(groups, groupId, group, clock.now().getTime())) idleDroppedAt = ++seen;
      return kept;
    },
    /** Whether the group (or the key's part of it) changed since a read began at `start`. */
    changedSince(groupId: string, userId: string, start: ReadStart): boolean {
      const group = groups.get(groupId);
      const changed = group
        ? Math.max(group.changedAt, group.changedFor.get(userId) ?? 0)
        : idleDroppedAt;
      return Math.max(clearedAt, changed) >= start.order;
    },
    /** The member changed their own part (a vote): their next read reads again. */
    forget(groupId: string, userId: string) {
      const group = groupOf(groupId);
      group.entries.delete(userId);
      group.changedFor.set(userId, ++seen);
    },
  };
}

export type SharedReads<Name extends string> = ReturnType<typeof createSharedReads<Name>>;
