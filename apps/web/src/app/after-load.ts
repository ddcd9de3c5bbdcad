import type { QueryClient } from "@tanstack/react-query";
import { keepOfflineCopy } from "./offline-copy";
import "./service-worker";

/**
 * What the page starts once it is up, in a chunk of its own so the landing
 * page's weight does not carry it (docs/decisions/0022): the service worker and
 * its new-version prompt (imported above), and the offline copy of the reads.
 */
export function start(client: QueryClient) {
  keepOfflineCopy(client);
}
