import { globalDilemmaTexts } from "../global-dilemma/rules";
import type { Option } from "../global-dilemma/schema";

/**
 * The first screen, painted twice: by the server, into the page, so a visitor
 * sees the header and today's question with the first bytes, before any script
 * has arrived; then by the web app, which replaces it. Both take their classes
 * from here, so the boxes match and nothing moves when the app takes over (a
 * browser journey checks the positions). The web's Tailwind build reads this
 * file (`@source` in index.css).
 */
export const shellClass = {
  frame: "flex min-h-dvh flex-col",
  header: "sticky top-0 z-30 border-b border-border/80 bg-surface/90 backdrop-blur",
  nav: "mx-auto flex h-16 max-w-5xl items-center justify-between gap-3 px-4 sm:px-6",
  brand:
    "rounded-lg text-xl font-extrabold tracking-tight text-brand-fg focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-focus",
  main: "mx-auto w-full max-w-5xl flex-1 px-4 py-6 outline-none sm:px-6 sm:py-10",
  // Tall enough to put the footer just below the fold (the header and main's padding
  // take the rest), so the page growing under the question never pushes it down in view.
  landing: "min-h-[calc(100dvh-7rem)] space-y-8 sm:min-h-[calc(100dvh-9rem)] sm:space-y-10",
  loader: "flex min-h-[50dvh] items-center justify-center",
  spinnerStatus: "inline-flex items-center",
  spinner: "animate-spin",
  pageSpinner: "size-8 text-brand-fg",
} as const;

export const dilemmaClass = {
  card: "rounded-3xl bg-surface p-5 shadow-sm ring-1 ring-border sm:p-8",
  label: "mb-3 text-xs font-semibold uppercase tracking-wider text-brand-fg",
  question: "text-balance text-2xl font-bold leading-tight tracking-tight text-fg sm:text-3xl",
  options: "mt-6 grid gap-3 md:grid-cols-[1fr_auto_1fr] md:items-stretch",
  or: "self-center justify-self-center text-xs font-bold tracking-widest text-fg-subtle",
  // The ring keeps its width in every state: only its colour says which one is picked.
  option:
    "relative flex min-h-20 w-full items-center gap-4 rounded-2xl bg-surface p-4 text-left ring-2 transition-shadow focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus disabled:cursor-wait md:min-h-24 md:px-5",
  optionIdle: "ring-border hover:shadow-md hover:ring-border-strong",
  optionChosen: "shadow-md",
  fillClip: "pointer-events-none absolute inset-0 overflow-hidden rounded-2xl",
  fill: "absolute inset-y-0 left-0 transition-[width] duration-700 ease-out",
  badge:
    "relative flex size-9 shrink-0 items-center justify-center rounded-full text-sm font-bold text-on-option",
  text: "relative min-w-0 flex-1 text-base font-semibold text-fg sm:text-lg",
  // Wide enough for "100%" whether shown or not, so the text never rewraps when the split appears.
  percent:
    "relative w-14 shrink-0 text-right text-xl font-extrabold tabular-nums text-fg transition-opacity duration-300 sm:w-16 sm:text-2xl",
  percentHidden: "invisible opacity-0",
  // On the card's top edge, outside its content: it covers nothing and moves nothing.
  pick: "absolute -top-3 right-4 flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold text-on-option shadow-sm animate-fade-in",
  helper: "mt-5 min-h-10 text-sm text-fg-subtle sm:min-h-5",
} as const;

/**
 * Each option's colours (the tokens `option-a` and `option-b`, light and dark),
 * wherever A and B are shown: today's dilemma, a round's options and votes, a
 * past day's split. The share cards draw with the same two (features/share/card.ts).
 */
export const optionTone: Record<Option, { solid: string; soft: string; ring: string }> = {
  A: { solid: "bg-option-a", soft: "bg-option-a-soft", ring: "ring-option-a" },
  B: { solid: "bg-option-b", soft: "bg-option-b-soft", ring: "ring-option-b" },
};

/** Ids the page and the app agree on. */
export const shellIds = {
  root: "root",
  main: "main",
  dilemmaLabel: "daily-dilemma-label",
  /** A JSON block (not a script the browser runs) with data the app starts from. */
  initialData: "initial-data",
} as const;

/** Text made safe to place in HTML, in an element or a quoted attribute. */
export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** lucide's LoaderCircle, as the app draws it. */
const spinnerSvg = (className: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" class="${className}"><path d="M21 12a9 9 0 1 1-6.219-8.56"></path></svg>`;

export interface ShellDilemma {
  /** Its UTC day (YYYY-MM-DD): the card's label names it. */
  day?: string;
  dilemma: string;
  optionA: string;
  optionB: string;
}

function optionHtml(option: Option, text: string): string {
  const c = dilemmaClass;
  const tone = optionTone[option];
  // Disabled until the app takes over: a tap before then would do nothing, and now says so.
  return `<button type="button" aria-pressed="false" disabled class="${c.option} ${c.optionIdle}"><span aria-hidden="true" class="${c.fillClip}"><span class="${c.fill} ${tone.soft}"></span></span><span aria-hidden="true" class="${c.badge} ${tone.solid}">${option}</span><span class="${c.text}"><span class="sr-only">Option ${option}: </span>${escapeHtml(text)}</span><span class="${c.percent} ${c.percentHidden}">0%</span></button>`;
}

function dilemmaHtml({ day, dilemma, optionA, optionB }: ShellDilemma, now: Date): string {
  const c = dilemmaClass;
  return `<div class="${shellClass.landing}"><section aria-labelledby="${shellIds.dilemmaLabel}" class="${c.card}"><p id="${shellIds.dilemmaLabel}" class="${c.label}">${escapeHtml(globalDilemmaTexts.dayLabel(day ?? now))}</p><h1 class="${c.question}">${escapeHtml(dilemma)}</h1><div class="${c.options}">${optionHtml("A", optionA)}<span aria-hidden="true" class="${c.or}">${globalDilemmaTexts.or}</span>${optionHtml("B", optionB)}</div><p aria-live="polite" class="${c.helper}">${globalDilemmaTexts.pickPrompt}</p></section></div>`;
}

// A function, not a constant: the web app, which imports this file's classes, leaves it out.
const loaderHtml = () =>
  `<div class="${shellClass.loader}"><span role="status" class="${shellClass.spinnerStatus}">${spinnerSvg(`${shellClass.spinner} ${shellClass.pageSpinner}`)}<span class="sr-only">Loading</span></span></div>`;

/**
 * The page's first screen: the header with the brand, and in the main area
 * today's dilemma (on `/`, as of `now`), a member page's own first screen
 * (`content`, HTML: shell/member-pages.ts), or the loader every other screen starts with.
 */
export function renderShell({
  title,
  dilemma,
  content,
  now = new Date(),
}: {
  title: string;
  dilemma?: ShellDilemma;
  content?: string;
  now?: Date;
}): string {
  const main = content ?? (dilemma ? dilemmaHtml(dilemma, now) : loaderHtml());
  return `<div class="${shellClass.frame}"><header class="${shellClass.header}"><nav aria-label="Main" class="${shellClass.nav}"><a href="/" class="${shellClass.brand}">${escapeHtml(title)}</a></nav></header><main id="${shellIds.main}" tabindex="-1" class="${shellClass.main}">${main}</main></div>`;
}
