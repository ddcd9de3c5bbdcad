import { onlineManager } from "@tanstack/react-query";
import { vi } from "vitest";

/**
 * The browser going offline or coming back, as the app sees it:
 * `navigator.onLine`, and the window's `offline` or `online` event, which the
 * error boundaries and TanStack Query's online manager listen for (told here
 * directly too, since a test may go offline before any query client listens).
 */
export function setOnline(online: boolean) {
  vi.spyOn(navigator, "onLine", "get").mockReturnValue(online);
  onlineManager.setOnline(online);
  window.dispatchEvent(new Event(online ? "online" : "offline"));
}
