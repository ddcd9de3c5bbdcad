import { type ComponentType, lazy } from "react";

/** Code fetched on demand that did not arrive: offline, or a new release replaced its file. */
export class CodeUnavailable extends Error {}

/**
 * A component whose code is fetched when it is first shown, as with React.lazy,
 * but fetched again at its next render after a failure (React.lazy keeps a
 * failure for good): an error boundary's Try again, or the connection coming
 * back, then shows it. The failure is a `CodeUnavailable`.
 */
export function lazyCode<P extends object>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  const attempt = () =>
    lazy(() =>
      load().then(
        (Loaded) => ({ default: Loaded }),
        (error: unknown) => {
          current = attempt();
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
