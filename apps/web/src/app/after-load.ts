import type { QueryClient } from "@tanstack/react-query";
import { pageSettled } from "@/lib/page-settled";
import { keepOfflineCopy, restoreOfflineCopy } from "./offline-copy";
import { registerServiceWorker } from "./service-worker";

/**
 * What the page starts once it is up, in a chunk of its own so the landing page's
 * weight does not carry it (docs/decisions/0022): the service worker and its
 * new-version prompt, and the offline copy of the reads. Save for putting the copy
 * back when offline, it waits for the load event and then for the first idle
 * moment: on a member's page the load event comes before the screen's first
 * render, which this work then held back (issue 41, docs/decisions/0099).
 */
export async function start(client: QueryClient) {
  // Offline, the screens show the last copy at once: that does not wait.
  if (!navigator.onLine) void restoreOfflineCopy(client);
  await pageSettled();
  registerServiceWorker();
  keepOfflineCopy(client);
}
