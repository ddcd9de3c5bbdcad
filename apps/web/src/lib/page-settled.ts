/** Resolves once the page's load event has fired. */
const loaded = () =>
  new Promise<void>((done) => {
    if (document.readyState === "complete") done();
    else addEventListener("load", () => done(), { once: true });
  });

/** Resolves at the main thread's next idle moment, or after `timeout` ms whatever happens. */
const idle = (timeout: number) =>
  new Promise<void>((done) => {
    if ("requestIdleCallback" in window) requestIdleCallback(() => done(), { timeout });
    else setTimeout(done, 0);
  });

/** How long the page's start may keep this work waiting for an idle moment. */
const IDLE_WAIT_MS = 2_000;

/** Resolves once the page has loaded and then the main thread has had nothing to do. */
export async function pageSettled() {
  await loaded();
  await idle(IDLE_WAIT_MS);
}
