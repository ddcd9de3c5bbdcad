import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { AppProvider, makeQueryClient } from "./app/provider";
import { AppRouter, startScreenOf } from "./app/router";
import { watchTheme } from "./lib/theme";
import "./index.css";

/**
 * How long the first render waits for the screen's code and first reads: on a
 * slow connection the screen then shows its own loading states rather than the
 * server's loader.
 */
const FIRST_SCREEN_WAIT_MS = 2_000;

watchTheme();
const client = makeQueryClient();
// A direct visit to a screen fetches its code and first reads now, not once its guard
// has read the session; the app then builds the screen once, with its data, rather
// than a loader, then skeletons, then the screen, each update in one long task
// (issue 41, docs/decisions/0098).
const screenStarted = startScreenOf(window.location.pathname, client).catch(() => {
  // Offline, say: the screen tries again when it is shown, and says so if it must.
});
// Without #root, createRoot throws "Target container is not a DOM element" itself.
const app = createRoot(document.getElementById("root") as HTMLElement);
const render = () =>
  // A transition: React renders the first screen in slices that leave the main thread
  // free between them (the page the server painted is on screen meanwhile), rather
  // than in one long task (docs/decisions/0022).
  startTransition(() =>
    app.render(
      <StrictMode>
        <AppProvider client={client}>
          <AppRouter />
        </AppProvider>
      </StrictMode>,
    ),
  );
void Promise.race([screenStarted, new Promise((done) => setTimeout(done, FIRST_SCREEN_WAIT_MS))])
  .then(render)
  // The service worker, its new-version prompt and the offline copy, once the page is up
  // and its first screen drawn (docs/decisions/0071, 0079, 0099).
  .then(() => import("./app/after-load"))
  .then(
    (after) => after.start(client),
    () => {},
  );
