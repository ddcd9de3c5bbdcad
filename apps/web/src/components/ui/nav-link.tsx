import { useLocation, useResolvedPath } from "react-router";
import { cn } from "@/lib/cn";
import { Link, type LinkProps } from "./link";

/**
 * A Link that knows it leads to the page on screen: `aria-current="page"` (and
 * the `active` class) there, as Router's NavLink does; `end` matches the path
 * exactly, else its sub-paths count too.
 */
export function NavLink({ end = false, className, ...props }: LinkProps & { end?: boolean }) {
  const { pathname } = useLocation();
  const target = useResolvedPath(props.to).pathname.toLowerCase();
  const here = pathname.toLowerCase();
  const active =
    here === target ||
    (!end &&
      here.startsWith(target) &&
      here.charAt(target.endsWith("/") ? target.length - 1 : target.length) === "/");
  return (
    <Link
      {...props}
      aria-current={active ? "page" : undefined}
      className={cn(className, active && "active")}
    />
  );
}
