import { Component, type ReactNode } from "react";
import { CodeUnavailable, retryFailedCode } from "@/lib/lazy-code";

const RELOADED_AT = "eitheror:reloaded-for-code";
/** One reload brings a new release's code; a second within this time would be a loop. */
const RELOAD_AGAIN_AFTER_MS = 60_000;

/**
 * Code that did not arrive although the browser is online: most likely a new
 * release has replaced the files this page knows (each name carries its
 * content's hash). The page is loaded again, once, and only when the server
 * answers: a connection that is down though the browser thinks it online gets
 * the fallback, not the browser's error page.
 */
let asking: Promise<boolean> | undefined;

/**
 * Whether the page is loading again for new code: undefined when it will not
 * (it did so a moment ago), else settles to false when the server did not answer.
 */
function reloadForNewCode(): Promise<boolean> | undefined {
  // Several parts may fail at once: one question to the server, one reload.
  if (asking) return asking;
  const last = Number(sessionStorage.getItem(RELOADED_AT));
  if (Date.now() - last < RELOAD_AGAIN_AFTER_MS) return undefined;
  asking = fetch(location.href, { method: "HEAD", cache: "no-store" }).then(
    (answer) => {
      asking = undefined;
      if (!answer.ok) return false;
      sessionStorage.setItem(RELOADED_AT, String(Date.now()));
      location.reload();
      return true;
    },
    () => {
      asking = undefined;
      return false;
    },
  );
  return asking;
}

interface Props {
  children: ReactNode;
  /** What stands in the failed part's place; `retry` renders it again. */
  fallback: (retry: () => void) => ReactNode;
  /** What stands in the failed part's place while the page may load again for new code. */
  pending?: ReactNode;
  /** A new value (the next page) renders the part again. */
  resetKey?: string;
}

/**
 * Keeps a failure of one part of the page (its code did not arrive, say) from
 * blanking the whole page: the fallback stands in its place, and the part is
 * rendered again on `retry`, on a new `resetKey` and when the connection comes
 * back. Code a new release replaced brings the new release in (see above).
 */
export class ErrorBoundary extends Component<Props, { failed: boolean; reloading: boolean }> {
  override state = { failed: false, reloading: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  retry = () => {
    if (!this.state.failed) return;
    retryFailedCode();
    this.setState({ failed: false, reloading: false });
  };

  override componentDidMount() {
    addEventListener("online", this.retry);
  }

  override componentWillUnmount() {
    removeEventListener("online", this.retry);
  }

  override componentDidUpdate(before: Props) {
    if (before.resetKey !== this.props.resetKey) this.retry();
  }

  override componentDidCatch(error: unknown) {
    if (!(error instanceof CodeUnavailable && navigator.onLine)) return;
    // Until the server answers, the page may be about to load again: no failure to show yet.
    const reloading = reloadForNewCode();
    if (!reloading) return;
    this.setState({ reloading: true });
    void reloading.then((reloaded) => {
      if (!reloaded) this.setState({ reloading: false });
    });
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return this.state.reloading ? (this.props.pending ?? null) : this.props.fallback(this.retry);
  }
}
