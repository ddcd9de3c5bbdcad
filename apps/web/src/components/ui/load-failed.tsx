import { Alert } from "./alert";
import { Button } from "./button";
import { PageTitle } from "./page-title";

/**
 * A screen whose data could not be loaded: its title and (hidden) h1 stay, the
 * alert says what failed and why, and Try again asks once more.
 */
export function LoadFailed({
  screen,
  what,
  error,
  onRetry,
}: {
  /** The screen's name, for the tab and the heading. */
  screen: string;
  /** "We could not load {what}." */
  what: string;
  error: Error;
  onRetry: () => void;
}) {
  return (
    <div className="mx-auto max-w-xl">
      <PageTitle screen={screen} />
      <h1 className="sr-only">{screen}</h1>
      <Alert
        kind="danger"
        action={
          <Button variant="secondary" onClick={onRetry}>
            Try again
          </Button>
        }
      >
        We could not load {what}. {error.message}
      </Alert>
    </div>
  );
}
