import { signInState } from "@eitheror/shared/auth/rules";
import type { Query, QueryClient, QueryKey } from "@tanstack/react-query";
import { createRoot, type Root } from "react-dom/client";
import { type Session, sessionQueryKey } from "@/features/auth/api/get-session";
import { globalDilemmaQueryKey } from "@/features/global-dilemma/api/get-global-dilemma";

/** Where this browser keeps the last answers a signed-in person's screens showed. */
export const OFFLINE_COPY_KEY = "eitheror.offline-copy";
/** The copy is not written past this (localStorage holds about 5 MB per site). */
const COPY_MAX_CHARS = 1_000_000;
/** The most answers kept: a member's groups, each with its tabs. */
const COPY_MAX_ENTRIES = 200;
/** Answers settle in bursts (a page's reads): one write after them. */
const WRITE_AFTER_MS = 1_000;
/** Reads kept: what a member's screens show. Not the admin's inbox, not a sign-in's state. */
const KEPT = /^\/(auth\/get-session|groups|users|dilemmas\/global)(\/|$)/;

/** The worker's word that the picks it kept offline have been sent. */
const PICKS_SENT = "eitheror:picks-sent";
/** Today's dilemma and its counts: the same for everyone, kept for visitors too. */
const isToday = (queryKey: QueryKey) =>
  queryKey.length === 1 && queryKey[0] === globalDilemmaQueryKey[0];
const isTodaysRead = (queryKey: QueryKey) =>
  typeof queryKey[0] === "string" && queryKey[0].startsWith("/dilemmas/global");

export const offlineMessages = {
  banner: "You are offline. This is what was loaded last; it updates when you are back.",
} as const;

interface Kept {
  queryKey: QueryKey;
  data: unknown;
  updatedAt: number;
}

/** A read with an answer, even if asking again failed since (offline, it did): the answer stands. */
const isKept = (query: Query) =>
  query.state.data !== undefined &&
  typeof query.queryKey[0] === "string" &&
  KEPT.test(query.queryKey[0]);

const signedIn = (client: QueryClient) =>
  signInState(client.getQueryData<Session>(sessionQueryKey)?.user) === "signed-in";

/** The copy as written last, or none (absent, or not what this code writes). */
export function readOfflineCopy(): Kept[] {
  try {
    const kept: unknown = JSON.parse(localStorage.getItem(OFFLINE_COPY_KEY) ?? "[]");
    return Array.isArray(kept) ? (kept as Kept[]) : [];
  } catch {
    return [];
  }
}

/**
 * Writes the kept answers of a signed-in person; once nobody is (a log-out, a
 * session ended), only today's dilemma, the same for everyone: a shared
 * computer keeps nobody's groups or picks.
 */
export function writeOfflineCopy(client: QueryClient) {
  // Whose page it is is not known yet (its session read is on its way, or failed offline):
  // the copy stays as it is, rather than being cut down as if nobody were signed in.
  if (client.getQueryData(sessionQueryKey) === undefined) return;
  try {
    const member = signedIn(client);
    const mayKeep = (queryKey: QueryKey) => member || isToday(queryKey);
    // What earlier pages of this browser kept stays, unless this page has a newer answer.
    const byKey = new Map(
      readOfflineCopy()
        .filter((kept) => mayKeep(kept.queryKey))
        .map((kept) => [JSON.stringify(kept.queryKey), kept]),
    );
    const answered = client.getQueryCache().getAll().filter(isKept);
    for (const query of answered.filter((query) => mayKeep(query.queryKey))) {
      byKey.set(JSON.stringify(query.queryKey), {
        queryKey: query.queryKey,
        data: query.state.data,
        updatedAt: query.state.dataUpdatedAt,
      });
    }
    const kept = [...byKey.values()].sort((a, b) => b.updatedAt - a.updatedAt);
    // Newest first, as many as fit: the oldest answers are the ones let go.
    let text = JSON.stringify(kept.slice(0, COPY_MAX_ENTRIES));
    for (let count = COPY_MAX_ENTRIES; text.length > COPY_MAX_CHARS && count > 1; ) {
      count = Math.floor(count / 2);
      text = JSON.stringify(kept.slice(0, count));
    }
    if (text.length <= COPY_MAX_CHARS) localStorage.setItem(OFFLINE_COPY_KEY, text);
  } catch {
    // Storage full or refused (a private window): the app works without its copy.
  }
}

/**
 * Puts the kept answers back where the page has none (or only a failure: the
 * session read that found no network): each keeps the time it was
 * answered, so it is stale and asked again as soon as the connection is back.
 */
export async function restoreOfflineCopy(client: QueryClient) {
  // The session's times are Dates, which JSON keeps as text: its schema makes them Dates again.
  const session = (await import("@eitheror/shared/auth/contract")).authProviderApi.session.response;
  const sessionPath = sessionQueryKey[0];
  const kept = readOfflineCopy().filter(
    ({ queryKey }) => client.getQueryData(queryKey) === undefined,
  );
  // A read still on its way (its contract loading, say) would fail after the kept answer
  // is in, and show its failure over it: it is called off first.
  await Promise.all(kept.map(({ queryKey }) => client.cancelQueries({ queryKey, exact: true })));
  for (const { queryKey, data, updatedAt } of kept) {
    const parsed = queryKey[0] === sessionPath ? session.safeParse(data) : { success: true, data };
    // A copy an older release wrote, in a shape this one does not read, stays out.
    if (parsed.success) client.setQueryData(queryKey, parsed.data, { updatedAt });
  }
}

let banner: Root | undefined;

function OfflineBanner() {
  return (
    <div
      role="status"
      className="fixed inset-x-4 bottom-4 z-40 mx-auto max-w-md animate-fade-in rounded-2xl bg-surface p-4 text-sm font-semibold text-fg shadow-lg ring-1 ring-border"
    >
      {offlineMessages.banner}
    </div>
  );
}

/** Shows the banner while the browser is offline, in a root of its own (as the new-version prompt). */
function showBannerWhileOffline() {
  // Room below the footer for the banner, so it covers none of the page at the end of a scroll.
  document.body.classList.toggle("pb-24", !navigator.onLine);
  if (navigator.onLine) {
    banner?.unmount();
    banner = undefined;
    return;
  }
  if (banner) return;
  const host = document.createElement("div");
  document.body.append(host);
  banner = createRoot(host);
  banner.render(<OfflineBanner />);
}

/**
 * The last loaded screens, offline (docs/decisions/0079-offline-copy.md): a
 * signed-in person's reads are kept in this browser as they are answered, put
 * back when the page starts without a network (the service worker started it),
 * and a banner says so while offline. The worker itself keeps no API answer.
 */
export function keepOfflineCopy(client: QueryClient) {
  // The answers that came in before this started (the first screen's) are kept too.
  let timer: ReturnType<typeof setTimeout> | undefined = navigator.onLine
    ? setTimeout(() => writeOfflineCopy(client), WRITE_AFTER_MS)
    : undefined;
  client.getQueryCache().subscribe((event) => {
    if (event.type !== "updated" || event.action.type !== "success") return;
    clearTimeout(timer);
    // A log-out forgets the member's part at once: the tab may close the next moment.
    if (!signedIn(client)) return writeOfflineCopy(client);
    timer = setTimeout(() => writeOfflineCopy(client), WRITE_AFTER_MS);
  });
  // A page left before its answers settled (a link to another page, a closed tab) writes them now.
  addEventListener("pagehide", () => {
    clearTimeout(timer);
    writeOfflineCopy(client);
  });
  // A pick the worker kept offline has been sent (vite.config.ts): today's reads are asked again.
  navigator.serviceWorker?.addEventListener("message", (event: MessageEvent<{ type?: string }>) => {
    if (event.data?.type === PICKS_SENT) {
      void client.invalidateQueries({ predicate: (query) => isTodaysRead(query.queryKey) });
    }
  });
  addEventListener("offline", showBannerWhileOffline);
  addEventListener("online", showBannerWhileOffline);
  showBannerWhileOffline();
}
