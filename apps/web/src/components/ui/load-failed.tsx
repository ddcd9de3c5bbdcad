import { Alert } from "./alert";
import { Button } from "./button";
import { PageTitle } from "./page-title";

/**
 * A part of a screen whose data could not be loaded: the alert says what failed
 * and why (offline, say), and Try again asks once more. (Back online, the app
 * asks again by itself: lib/query-client.ts.)
 */
export function LoadFailedAlert({
  what,
  error,
  onRetry,
  className,
}: {
  /** "We could not load {what}." */
  what: string;
  error: Error;
  onRetry: () => void;
  className?: string;
}) {
  return (
    <Alert
      kind="danger"
      className={className}
      action={
        <Button variant="secondary" onClick={onRetry}>
          Try again
        </Button>
      }
    >
      We could not load {what}. {error.message}
    </Alert>
  );
}

/**
 * A screen whose data could not be loaded: its title and (hidden) h1 stay, the
 * alert says what failed and why, and Try again asks once more.
 */
export function LoadFailed({
  screen,
  ...alert
}: {
  /** The screen's name, for the tab and the heading. */
  screen: string;
  what: string;
  error: Error;
  onRetry: () => void;
}) {
  return (
    <div className="mx-auto max-w-xl">
      <PageTitle screen={screen} />
      <h1 className="sr-only">{screen}</h1>
      <LoadFailedAlert {...alert} />
    </div>
  );
}
