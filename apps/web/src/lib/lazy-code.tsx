import { type ComponentType, lazy } from "react";

/** Code fetched on demand that did not arrive: offline, or a new release replaced its file. */
export class CodeUnavailable extends Error {}

/** How to ask again for each piece of code that failed to arrive. */
const failed = new Set<() => void>();

/**
 * Has the code that failed to arrive asked for again at its next render: what
 * an error boundary does before it shows the failed part again (its Try again,
 * the connection coming back). Until then a failed part keeps failing: asking
 * again at once, at every render, would have a navigation that waits for the
 * code (a transition) ask again and again, for good.
 */
export function retryFailedCode() {
  for (const renew of failed) renew();
  failed.clear();
}

/**
 * A component whose code is fetched when it is first shown, as with React.lazy,
 * whose failure is a `CodeUnavailable`, and which, unlike React.lazy, can fetch
 * its code again after a failure (`retryFailedCode`).
 */
export function lazyCode<P extends object>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  const attempt = () =>
    lazy(() =>
      load().then(
        (Loaded) => ({ default: Loaded }),
        (error: unknown) => {
          failed.add(() => {
            current = attempt();
          });
          throw new CodeUnavailable("The code of this part of the page did not arrive.", {
            cause: error,
          });
        },
      ),
    );
  let current = attempt();
  return function LazyCode(props: P) {
    const Current = current as ComponentType<P>;
    return <Current {...props} />;
  };
}
