import type { Query } from "@tanstack/react-query";

/** An answer this recent is as good as a new one: the page asked for it as it opened. */
const JUST_ANSWERED_MS = 1_000;

/**
 * `refetchOnMount` for a read that is asked again each time its screen (or tab)
 * opens: online only, so that offline the last answer stays on screen, and not
 * when it was answered a moment ago (the route asked for it ahead of the tab).
 * The rounds' reads only: here, not in lib/query-client.ts, it stays out of the
 * code `/` loads (its budget, docs/decisions/0022).
 */
export const onEveryMount = (query: {
  state: Pick<Query["state"], "dataUpdatedAt" | "errorUpdatedAt">;
}) => {
  const answeredAt = Math.max(query.state.dataUpdatedAt, query.state.errorUpdatedAt);
  return navigator.onLine && Date.now() - answeredAt > JUST_ANSWERED_MS && ("always" as const);
};
