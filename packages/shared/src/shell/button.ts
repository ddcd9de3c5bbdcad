/**
 * How classes are put together, and a button's: the web app's components and
 * the server's first paint of a member's page (./member-classes.ts) share them.
 * The web's Tailwind build reads this folder (`@source` in index.css).
 */

/** Joins the class names that are set. */
export function cn(...classes: Array<string | false | null | undefined>): string {
  return classes.filter(Boolean).join(" ");
}

const variants = {
  primary: "bg-brand text-on-brand hover:bg-brand-hover shadow-sm",
  secondary: "bg-surface text-fg ring-1 ring-border-strong hover:bg-surface-muted",
  danger: "bg-danger-solid text-on-danger hover:bg-danger-solid-hover shadow-sm",
  // A ghost link to the current page (aria-current) shows it is where you are.
  ghost:
    "text-fg-muted hover:bg-surface-muted hover:text-fg aria-[current=page]:bg-surface-muted aria-[current=page]:text-fg",
} as const;

// Sizes are a choice, not an override: two padding classes on one element would
// leave the winner to the order of Tailwind's stylesheet.
const sizes = {
  md: "min-h-11 px-5",
  sm: "min-h-10 px-4",
  icon: "size-11",
} as const;

export type ButtonVariant = keyof typeof variants;
export type ButtonSize = keyof typeof sizes;

/** The classes of a button, for links and labels that look like one. */
export const buttonClass = (
  variant: ButtonVariant = "primary",
  className?: string,
  size: ButtonSize = "md",
) =>
  cn(
    "inline-flex items-center justify-center gap-2 rounded-xl text-sm font-semibold transition",
    "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus",
    "disabled:cursor-not-allowed disabled:opacity-60",
    sizes[size],
    variants[variant],
    className,
  );
