import type { AnchorHTMLAttributes, MouseEvent, Ref } from "react";
import { useHref, useLinkClickHandler } from "react-router";

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & {
  /** A path of this site. */
  to: string;
  /** Carried to the next page in the history entry's state. */
  state?: unknown;
  replace?: boolean;
  ref?: Ref<HTMLAnchorElement>;
};

/**
 * React Router's Link for the paths of this app: a real `href`, and a plain
 * click navigates in the app (a modified click, or another target, is the
 * browser's). Router's own Link brings its framework-mode prefetching along,
 * 5 kB of the landing page's budget (docs/decisions/0022); lint keeps it out.
 */
export function Link({ to, state, replace, target, onClick, ref, ...rest }: LinkProps) {
  const href = useHref(to);
  const navigate = useLinkClickHandler(to, { state, replace, target });
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!event.defaultPrevented) navigate(event);
  };
  return <a {...rest} ref={ref} href={href} target={target} onClick={handleClick} />;
}
