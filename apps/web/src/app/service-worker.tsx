import { registerSW } from "virtual:pwa-register";
import { createRoot, type Root } from "react-dom/client";
import { NewVersionPrompt } from "./new-version-prompt";

/** How often an open page asks whether a new release is out (browsers check at navigations only). */
const UPDATE_CHECK_MS = 60 * 60_000;

let prompt: Root | undefined;

function hidePrompt() {
  prompt?.unmount();
  prompt = undefined;
}

/** The prompt in a root of its own: no screen, provider or route needs to know of it. */
function showPrompt(reload: () => void) {
  if (prompt) return;
  const host = document.createElement("div");
  document.body.append(host);
  prompt = createRoot(host);
  prompt.render(<NewVersionPrompt onReload={reload} onDismiss={hidePrompt} />);
}

/**
 * Has the waiting worker take over, and loads the page once it has: with its
 * new code from the start. (The plugin's own reload skips a page that had no
 * worker when it opened; and another tab may have said Reload already.)
 */
async function reloadIntoNewVersion(update: () => Promise<void>) {
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration?.waiting) return location.reload();
  navigator.serviceWorker.addEventListener("controllerchange", () => location.reload(), {
    once: true,
  });
  await update();
}

/**
 * Registers the service worker (docs/decisions/0071-service-worker.md). A new
 * build installs beside the running one and waits; the prompt says so, and its
 * Reload lets the new worker take over, which reloads the page once. after-load.ts
 * calls it once the page is up: the landing page's weight does not carry it
 * (docs/decisions/0022-landing-page-weight.md).
 */
export function registerServiceWorker() {
  const update = registerSW({
    onNeedRefresh: () => showPrompt(() => void reloadIntoNewVersion(update)),
    // Another tab's Reload does not reload this one under the person: its prompt stays, and says Reload.
    onNeedReload: () => {},
    onRegisteredSW: (_url, registration) => {
      if (!registration) return;
      setInterval(() => {
        if (navigator.onLine) registration.update().catch(() => {});
      }, UPDATE_CHECK_MS);
    },
  });
}
