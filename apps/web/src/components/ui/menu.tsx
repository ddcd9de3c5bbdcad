/** The look of every dropdown menu (Radix): its panel, items and labels. */
export const menuContentClass =
  "z-40 min-w-52 rounded-xl bg-surface p-1.5 shadow-lg ring-1 ring-border animate-fade-in";

export const menuItemClass =
  "flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-3 text-sm text-fg outline-none data-[highlighted]:bg-brand-soft data-[highlighted]:text-brand-soft-fg";

export const menuLabelClass = "truncate px-3 py-2 text-xs text-fg-subtle";

export const menuIconClass = "size-4 text-fg-subtle";

export const menuSeparatorClass = "my-1 h-px bg-border";
