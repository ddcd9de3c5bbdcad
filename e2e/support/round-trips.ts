import type { Page, Request } from "@playwright/test";

/**
 * How many API round trips ran one after another, each asked for only once an
 * earlier one had answered, up to the answers a screen `needs` (their URLs),
 * while `ready` waits for the screen: the depth of the longest such chain.
 * Requests answered side by side count once. Events come from the browser in
 * the order they happened, so their order is the clock. Event streams never
 * answer and hold nothing up: they are left out.
 */
export async function sequentialApiTrips(page: Page, needs: RegExp, ready: () => Promise<void>) {
  let tick = 0;
  const started = new Map<Request, number>();
  const trips: { start: number; end: number; url: string }[] = [];
  const isApi = (request: Request) => {
    const { pathname } = new URL(request.url());
    return pathname.startsWith("/api/") && !pathname.endsWith("/events");
  };
  const onRequest = (request: Request) => {
    if (isApi(request)) started.set(request, ++tick);
  };
  const onDone = (request: Request) => {
    const start = started.get(request);
    if (start !== undefined) trips.push({ start, end: ++tick, url: request.url() });
  };
  page.on("request", onRequest);
  page.on("requestfinished", onDone);
  page.on("requestfailed", onDone);
  try {
    await ready();
  } finally {
    page.off("request", onRequest);
    page.off("requestfinished", onDone);
    page.off("requestfailed", onDone);
  }
  const depth = new Map<(typeof trips)[number], number>();
  for (const trip of trips.toSorted((a, b) => a.start - b.start)) {
    const before = trips.filter((other) => other.end < trip.start);
    depth.set(trip, 1 + Math.max(0, ...before.map((other) => depth.get(other) ?? 0)));
  }
  const needed = trips.filter((trip) => needs.test(trip.url));
  return Math.max(0, ...needed.map((trip) => depth.get(trip) ?? 0));
}
