import { type GroupEvent, groupEventSchema } from "@eitheror/shared/groups/events";
import type pg from "pg";
import type { Database } from "../../db/client";
import type { Unit } from "../../db/transaction";

export type GroupEventListener = (event: GroupEvent) => void;

/**
 * A group's live events, for every instance on the database. Services publish
 * after a commit (a rolled-back change tells nobody); streams subscribe.
 */
export interface EventBus {
  publish(groupId: string, event: GroupEvent): Promise<void>;
  /**
   * Resolves once events published from now on will reach `listener`. `lost` is
   * called when events may have been missed (the listening connection dropped):
   * the subscriber should make its client read everything again.
   */
  subscribe(groupId: string, listener: GroupEventListener, lost?: () => void): Promise<() => void>;
  /**
   * Hears every group's events, for what this instance keeps in memory: those it
   * publishes at once (before they are sent, so before the caller is answered) and
   * those it receives (its own again among them). `lost` as for subscribe.
   */
  watch(watcher: GroupEventWatcher, lost: () => void): () => void;
  /**
   * A session ended (signed out, revoked, its user banned or deleted): whatever
   * follows it on any instance stops. This instance's have stopped when it
   * resolves, and the others are told before whatever is published after it.
   */
  endSession(sessionId: string): Promise<void>;
  /** Calls `ended` once, when the session ends on whatever instance. Answers the unsubscribe. */
  onSessionEnd(sessionId: string, ended: () => void): () => void;
  close(): Promise<void>;
}

export type GroupEventWatcher = (groupId: string, event: GroupEvent) => void;

interface Log {
  warn(object: object, message: string): void;
}

/** What follows each session on this instance, by session id: told once when it ends. */
function createSessionFollowers(log: Log) {
  const bySession = new Map<string, Set<() => void>>();
  return {
    add(sessionId: string, ended: () => void) {
      const followers = bySession.get(sessionId) ?? new Set();
      bySession.set(sessionId, followers.add(ended));
      return () => {
        followers.delete(ended);
        if (followers.size === 0 && bySession.get(sessionId) === followers) {
          bySession.delete(sessionId);
        }
      };
    },
    ended(sessionId: string) {
      const followers = bySession.get(sessionId);
      bySession.delete(sessionId);
      for (const ended of followers ?? []) {
        try {
          ended();
        } catch (err) {
          log.warn({ err }, "ending what followed a session failed");
        }
      }
    },
  };
}

/** The subscribers of this instance, by group, and what follows each session. */
function createFanOut(log: Log) {
  const sessions = createSessionFollowers(log);
  const byGroup = new Map<string, Set<{ listener: GroupEventListener; lost?: () => void }>>();
  const watchers = new Set<{ watcher: GroupEventWatcher; lost: () => void }>();
  function each(subscribers: Iterable<{ listener: GroupEventListener; lost?: () => void }>) {
    return [...subscribers];
  }
  function watched(groupId: string, event: GroupEvent) {
    for (const { watcher } of [...watchers]) {
      try {
        watcher(groupId, event);
      } catch (err) {
        log.warn({ err }, "a group event watcher failed");
      }
    }
  }
  return {
    sessions,
    watch(watcher: GroupEventWatcher, lost: () => void) {
      const entry = { watcher, lost };
      watchers.add(entry);
      return () => {
        watchers.delete(entry);
      };
    },
    watched,
    add(groupId: string, listener: GroupEventListener, lost?: () => void) {
      const entry = { listener, lost };
      const subscribers = byGroup.get(groupId) ?? new Set();
      byGroup.set(groupId, subscribers.add(entry));
      return () => {
        subscribers.delete(entry);
        if (subscribers.size === 0 && byGroup.get(groupId) === subscribers) byGroup.delete(groupId);
      };
    },
    deliver(groupId: string, event: GroupEvent) {
      watched(groupId, event);
      for (const { listener } of each(byGroup.get(groupId) ?? [])) {
        try {
          listener(event);
        } catch (err) {
          log.warn({ err }, "a group event listener failed");
        }
      }
    },
    lostWatchers() {
      for (const { lost } of [...watchers]) lost();
    },
    lostSubscribers() {
      for (const subscribers of byGroup.values()) {
        for (const { lost } of each(subscribers)) lost?.();
      }
    },
  };
}

/**
 * Publishes once `unit` has committed. The event is sent after the commit rather
 * than by a NOTIFY inside the transaction: the bus is the same on both engines,
 * and a lost event costs only a refetch.
 */
export function publishAfterCommit(unit: Unit, bus: EventBus, groupId: string, event: GroupEvent) {
  unit.afterCommit(() => bus.publish(groupId, event));
}

/** One process (PGlite): nobody else can publish, so the events stay in memory. */
export function createMemoryEventBus(log: Log): EventBus {
  const fanOut = createFanOut(log);
  return {
    async publish(groupId, event) {
      fanOut.deliver(groupId, event);
    },
    async subscribe(groupId, listener, lost) {
      return fanOut.add(groupId, listener, lost);
    },
    watch: (watcher, lost) => fanOut.watch(watcher, lost),
    async endSession(sessionId) {
      fanOut.sessions.ended(sessionId);
    },
    onSessionEnd: (sessionId, ended) => fanOut.sessions.add(sessionId, ended),
    async close() {},
  };
}

/** The one channel every instance listens on; the payload names the group. */
export const EVENTS_CHANNEL = "eitheror_group_events";
const RECONNECT_MS = 1000;

/** A group's event, or the end of a session (`{"sessionEnded": id}`), as the channel carries them. */
type Message = { groupId: string; event: GroupEvent } | { sessionEnded: string };

function parsePayload(payload: string | undefined): Message | null {
  try {
    const { groupId, event, sessionEnded } = JSON.parse(payload ?? "");
    if (typeof sessionEnded === "string") return { sessionEnded };
    const parsed = groupEventSchema.safeParse(event);
    return typeof groupId === "string" && parsed.success ? { groupId, event: parsed.data } : null;
  } catch {
    return null;
  }
}

type FanOut = ReturnType<typeof createFanOut>;

/** A connection LISTENing on the channel, handing what comes to `fanOut`; `dropped` hears of its end. */
async function openListening(
  connect: () => pg.Client,
  fanOut: FanOut,
  dropped: (client: pg.Client, err?: unknown) => void,
): Promise<pg.Client> {
  const client = connect();
  client.on("error", (err) => dropped(client, err));
  client.on("end", () => dropped(client));
  client.on("notification", ({ channel, payload }) => {
    const message = channel === EVENTS_CHANNEL ? parsePayload(payload) : null;
    if (!message) return;
    if ("sessionEnded" in message) fanOut.sessions.ended(message.sessionEnded);
    else fanOut.deliver(message.groupId, message.event);
  });
  try {
    await client.connect();
    await client.query(`LISTEN ${EVENTS_CHANNEL}`);
  } catch (error) {
    await client.end().catch(() => {});
    throw error;
  }
  return client;
}

/**
 * The instance's one LISTENing connection, opened when first needed. When it
 * drops it is opened again after `reconnectMs` (so is a connection that failed
 * to open), and whoever may have missed events is told: what this instance
 * keeps in memory at once, the streams once it listens again. A stream ended
 * while the database is away (a restart) would come back to a 503, which a
 * browser's EventSource takes as final; kept open on its heartbeats until then,
 * it comes back to a database that answers, and reads everything afresh.
 */
function createListener(connect: () => pg.Client, fanOut: FanOut, log: Log, reconnectMs: number) {
  let current: Promise<pg.Client> | null = null;
  let live: pg.Client | null = null;
  let closed = false;
  let missed = false;
  let retry: NodeJS.Timeout | undefined;
  const retryLater = () => {
    retry = setTimeout(() => listening().catch(() => {}), reconnectMs);
  };

  function dropped(client: pg.Client, err?: unknown) {
    if (closed || live !== client) return;
    log.warn({ err }, "the group events connection dropped; reconnecting");
    live = null;
    current = null;
    client.end().catch(() => {});
    // Events sent while nobody listened are gone: the copies kept in memory go now,
    // the streams start over once this instance listens again.
    fanOut.lostWatchers();
    missed = true;
    retryLater();
  }

  async function open(): Promise<pg.Client> {
    const client = await openListening(connect, fanOut, dropped);
    live = client;
    if (missed) {
      missed = false;
      log.warn({}, "the group events connection is back; streams start over");
      // Anything kept while it was away may be stale too.
      fanOut.lostWatchers();
      fanOut.lostSubscribers();
    }
    return client;
  }

  function connectFailed(err: unknown) {
    if (closed) return;
    log.warn({ err }, "the group events connection failed; retrying");
    retryLater();
  }

  function listening(): Promise<pg.Client> {
    if (closed) return Promise.reject(new Error("the events bus is closed"));
    if (!current) {
      const opening = open();
      current = opening;
      opening.catch((err) => {
        if (current !== opening) return;
        current = null;
        connectFailed(err);
      });
    }
    return current;
  }

  async function close() {
    closed = true;
    clearTimeout(retry);
    const client = await current?.catch(() => null);
    current = null;
    await client?.end().catch(() => {});
  }

  return { listening, close };
}

/**
 * PostgreSQL: events travel by NOTIFY on one channel and come back, to this
 * instance too, through one dedicated connection that LISTENs. Its own events
 * come back the same way, so every instance delivers each event once.
 */
export function createPostgresEventBus(
  connect: () => pg.Client,
  log: Log,
  { reconnectMs = RECONNECT_MS } = {},
): EventBus {
  const fanOut = createFanOut(log);
  const connection = createListener(connect, fanOut, log, reconnectMs);
  connection.listening().catch(() => {});
  async function notify(message: Message) {
    const client = await connection.listening();
    await client.query("SELECT pg_notify($1, $2)", [EVENTS_CHANNEL, JSON.stringify(message)]);
  }
  return {
    async publish(groupId, event) {
      // This instance's own memory first: its caller is answered before the echo returns.
      fanOut.watched(groupId, event);
      await notify({ groupId, event });
    },
    async endSession(sessionId) {
      // Here at once; elsewhere by the channel, ahead of any event published after this.
      fanOut.sessions.ended(sessionId);
      await notify({ sessionEnded: sessionId });
    },
    onSessionEnd(sessionId, ended) {
      connection.listening().catch(() => {});
      return fanOut.sessions.add(sessionId, ended);
    },
    async subscribe(groupId, listener, lost) {
      await connection.listening();
      return fanOut.add(groupId, listener, lost);
    },
    watch(watcher, lost) {
      connection.listening().catch(() => {});
      return fanOut.watch(watcher, lost);
    },
    close: () => connection.close(),
  };
}

/** The bus for this database: NOTIFY between instances on PostgreSQL, memory on PGlite. */
export function createEventBus(database: Database, log: Log): EventBus {
  if (database.kind === "postgres" && database.dedicatedClient) {
    return createPostgresEventBus(database.dedicatedClient, log);
  }
  return createMemoryEventBus(log);
}
