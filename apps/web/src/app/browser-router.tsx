import { type ReactNode, startTransition, useLayoutEffect, useState } from "react";
import { flushSync } from "react-dom";
import {
  UNSAFE_createBrowserHistory as createBrowserHistory,
  type NavigateOptions,
  type Navigator,
  Router,
  type To,
} from "react-router";

const history = createBrowserHistory({ v5Compat: true });

/** Set while a navigation asked to commit at once is on its way to the listener. */
let atOnce = false;

function moveTo(
  move: (to: To, state?: unknown) => void,
  to: To,
  state: unknown,
  opts?: NavigateOptions,
) {
  atOnce = opts?.flushSync === true;
  try {
    move(to, state);
  } finally {
    atOnce = false;
  }
}

/**
 * The history every screen navigates with. `navigate(to, { flushSync: true })`
 * commits the new screen before it returns (Log Out needs that); the rest are
 * transitions, so a screen whose code is still loading leaves the old one in
 * place until it arrives.
 */
const navigator: Navigator = {
  createHref: history.createHref,
  createURL: history.createURL,
  encodeLocation: history.encodeLocation,
  go: history.go,
  push: (to, state, opts) => moveTo(history.push, to, state, opts),
  replace: (to, state, opts) => moveTo(history.replace, to, state, opts),
};

/**
 * React Router's declarative mode over the browser's history, the way its
 * RouterProvider updates (a transition, or at once for `flushSync`): the data
 * router weighs 16 kB (gzip) more, and the app uses none of its loaders or
 * actions (docs/decisions/0022).
 */
export function BrowserRouter({ children }: { children: ReactNode }) {
  const [state, setState] = useState({ action: history.action, location: history.location });
  useLayoutEffect(
    () =>
      history.listen(({ action, location }) => {
        const next = { action, location };
        if (atOnce) flushSync(() => setState(next));
        else startTransition(() => setState(next));
      }),
    [],
  );
  return (
    <Router location={state.location} navigationType={state.action} navigator={navigator}>
      {children}
    </Router>
  );
}
