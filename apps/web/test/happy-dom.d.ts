import type { Window as HappyDOMWindow } from "happy-dom";

declare global {
  interface Window {
    /** happy-dom's controls of the test page (Vitest project `web`): its URL, mainly. */
    happyDOM: HappyDOMWindow["happyDOM"];
  }
}
