import { buttonClass } from "./button";

/**
 * The classes of a member's group page and closed round above the fold: the web
 * app's components draw with them, and the server paints with them
 * (./member-pages.ts, decision 0100), so both come out the same, box for box.
 * Not on the landing page's path (decision 0022): `/` loads none of it.
 */

/** The group page's header: its name, size and pace, the way to its profile, its menu. */
export const groupHeaderClass = {
  header: "flex items-start gap-3",
  titles: "min-w-0 flex-1",
  name: "text-2xl font-bold tracking-tight text-fg sm:text-3xl",
  facts: "mt-1 flex flex-wrap items-center gap-x-3 text-sm text-fg-muted",
  fact: "inline-flex items-center gap-1.5",
  icon: "size-4",
  profile: buttonClass("ghost", "shrink-0 px-3 sm:px-4", "sm"),
  profileLabel: "sr-only sm:not-sr-only",
  menu: buttonClass("ghost", "shrink-0", "icon"),
  menuIcon: "size-5",
} as const;

/** Tabs (components/ui/tabs.tsx): the row, each tab, chosen or not, and the panel under them. */
export const tabsClass = {
  list: "relative flex gap-1 overflow-x-auto rounded-2xl bg-surface-muted p-1",
  // On the narrowest phones a two-word label takes two lines, so every tab is in
  // view (a row that scrolled hid the last one, with no sign that it scrolls);
  // a word is never cut.
  tab: "min-h-10 flex-auto rounded-xl px-2 py-1 text-[0.8125rem] leading-tight font-semibold wrap-normal transition sm:flex-1 sm:whitespace-nowrap sm:px-4 sm:text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus",
  chosen: "bg-surface text-fg shadow-sm",
  idle: "text-fg-muted hover:text-fg",
  panel: "mt-4 outline-none",
} as const;

/** The top of a round, open or closed: the question, A, 'OR', B, and a line under them. */
export const roundCardClass = {
  card: "rounded-3xl bg-surface p-5 shadow-sm ring-1 ring-border sm:p-8",
  question: "text-xl font-bold tracking-tight text-fg sm:text-2xl",
  options: "mt-4 grid items-center gap-2 sm:grid-cols-[1fr_auto_1fr] sm:gap-4",
  or: "text-center text-xs font-bold tracking-widest text-fg-subtle",
  option: "flex h-full items-start gap-3 rounded-2xl bg-surface-muted p-3 text-fg sm:p-4",
  badge:
    "flex size-7 shrink-0 items-center justify-center rounded-full text-xs font-bold text-on-option",
  optionText: "min-w-0 pt-0.5 font-medium",
  footnote: "mt-4 text-sm text-fg-muted",
  due: "inline-flex items-center gap-1.5 font-medium",
  icon: "size-4",
} as const;

/** A closed round's page above its results: the way back, and the card's actions. */
export const closedRoundClass = {
  back: buttonClass("ghost", "-ml-3", "sm"),
  proposedBy: "block break-words text-sm text-fg-muted",
  actions: "flex flex-wrap items-center gap-x-3",
  share: "space-y-3 mt-3",
  shareRow: "flex flex-wrap items-center gap-x-3 gap-y-2",
  shareButton: buttonClass("secondary"),
  shareStatus: "text-sm font-medium text-success-fg",
  replay: buttonClass("secondary", "mt-3"), // <Button variant="secondary" className="mt-3">
  report: "mt-3",
  reportButton: buttonClass("ghost", undefined, "sm"),
  icon: "size-4",
} as const;

/** Stacks of a page's blocks. */
export const stackClass = { page: "space-y-6", blocks: "space-y-4" } as const;
