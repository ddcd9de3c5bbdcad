import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { AppProvider, makeQueryClient } from "./app/provider";
import { AppRouter, preloadScreensOf } from "./app/router";
import { watchTheme } from "./lib/theme";
import "./index.css";

watchTheme();
// A direct visit to a screen fetches its code now, not once its guard has read the session.
preloadScreensOf(window.location.pathname).catch(() => {
  // Offline, say: the screen tries again when it is shown, and says so if it must.
});
// Without #root, createRoot throws "Target container is not a DOM element" itself.
const app = createRoot(document.getElementById("root") as HTMLElement);
const client = makeQueryClient();
// The service worker, its new-version prompt and the offline copy, once the page is up
// (docs/decisions/0071, 0079).
addEventListener("load", () =>
  import("./app/after-load").then(
    (after) => after.start(client),
    () => {},
  ),
);
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
