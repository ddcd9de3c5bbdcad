import type { Option } from "../global-dilemma/schema";
import { moderationMessages } from "../moderation/schema";
import { revealMessages } from "../rounds/reveal";
import { roundMessages } from "../rounds/schema";
import { timeSince, timeUntilDue } from "../time/rules";
import { escapeHtml, optionTone } from "./markup";
import {
  closedRoundClass,
  groupHeaderClass,
  roundCardClass,
  stackClass,
  tabsClass,
} from "./member-classes";

/**
 * A member's two busiest pages, painted by the server into the page as the app
 * will draw them (decision 0100): the group page's header, tabs and open round's
 * question, and a closed round's question. The app replaces the paint with its
 * own; the classes come from ./member-classes.ts, the texts from here and the features'
 * messages, so both come out the same (a browser journey compares the boxes, a
 * web test React's markup).
 */

/**
 * A member page a signed-in request asked for, its path's parameters decoded
 * (apps/server's plugins/page-preloads.ts matches the paths).
 */
export type MemberPage =
  | { kind: "group"; id: string }
  | { kind: "closedRound"; id: string; roundId: string };

/** A member page's first screen, painted: its title's screen name and the main area's HTML. */
export interface MemberPaint {
  screen: string;
  html: string;
}

/** The group page's tabs, in order. */
export const groupTabs = [
  { key: "current", label: "Current Round" },
  { key: "leaderboard", label: "Leaderboard" },
  { key: "past-rounds", label: "Past Rounds" },
] as const;
export type GroupTab = (typeof groupTabs)[number]["key"];

/** The tab a group page's address names (`?tab=`): Current Round when none, or an unknown one. */
export const groupTabOf = (asked: string | null | undefined): GroupTab =>
  groupTabs.find(({ key }) => key === asked)?.key ?? "current";

export const memberPageTexts = {
  members: (count: number, max: number) => `${count}/${max} members`,
  pace: (days: number) => `A round every ${days === 1 ? "day" : `${days} days`}`,
  groupProfile: "Group profile",
  groupActions: "Group actions",
  tabsLabel: "Rounds",
  backToGroup: "Back to group",
  pastRound: "Past round",
  shareResults: "Share results",
  reportDilemma: "Report dilemma",
} as const;

/** lucide's icons as the app draws them (lucide-react 1.x), each `aria-hidden`. */
const icon = (name: string, className: string, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" class="lucide lucide-${name} ${className}" aria-hidden="true">${body}</svg>`;
const icons = {
  usersRound: (c: string) =>
    icon(
      "users-round lucide-users-2",
      c,
      '<path d="M18 21a8 8 0 0 0-16 0"></path><circle cx="10" cy="8" r="5"></circle><path d="M22 20c0-3.37-2-6.5-4-8a5 5 0 0 0-.45-8.3"></path>',
    ),
  settings: (c: string) =>
    icon(
      "settings",
      c,
      '<path d="M9.671 4.136a2.34 2.34 0 0 1 4.659 0 2.34 2.34 0 0 0 3.319 1.915 2.34 2.34 0 0 1 2.33 4.033 2.34 2.34 0 0 0 0 3.831 2.34 2.34 0 0 1-2.33 4.033 2.34 2.34 0 0 0-3.319 1.915 2.34 2.34 0 0 1-4.659 0 2.34 2.34 0 0 0-3.32-1.915 2.34 2.34 0 0 1-2.33-4.033 2.34 2.34 0 0 0 0-3.831A2.34 2.34 0 0 1 6.35 6.051a2.34 2.34 0 0 0 3.319-1.915"></path><circle cx="12" cy="12" r="3"></circle>',
    ),
  ellipsisVertical: (c: string) =>
    icon(
      "ellipsis-vertical lucide-more-vertical",
      c,
      '<circle cx="12" cy="12" r="1"></circle><circle cx="12" cy="5" r="1"></circle><circle cx="12" cy="19" r="1"></circle>',
    ),
  clock: (c: string) =>
    icon("clock", c, '<circle cx="12" cy="12" r="10"></circle><path d="M12 6v6l4 2"></path>'),
  arrowLeft: (c: string) =>
    icon("arrow-left", c, '<path d="m12 19-7-7 7-7"></path><path d="M19 12H5"></path>'),
  share: (c: string) =>
    icon(
      "share-2",
      c,
      '<circle cx="18" cy="5" r="3"></circle><circle cx="6" cy="12" r="3"></circle><circle cx="18" cy="19" r="3"></circle><line x1="8.59" x2="15.42" y1="13.51" y2="17.49"></line><line x1="15.41" x2="8.59" y1="6.51" y2="10.49"></line>',
    ),
  partyPopper: (c: string) =>
    icon(
      "party-popper",
      c,
      '<path d="M5.8 11.3 2 22l10.7-3.79"></path><path d="M4 3h.01"></path><path d="M22 8h.01"></path><path d="M15 2h.01"></path><path d="M22 20h.01"></path><path d="m22 2-2.24.75a2.9 2.9 0 0 0-1.96 3.12c.1.86-.57 1.63-1.45 1.63h-.38c-.86 0-1.6.6-1.76 1.44L14 10"></path><path d="m22 13-.82-.33c-.86-.34-1.82.2-1.98 1.11c-.11.7-.72 1.22-1.43 1.22H17"></path><path d="m11 2 .33.82c.34.86-.2 1.82-1.11 1.98C9.52 4.9 9 5.52 9 6.23V7"></path><path d="M11 13c1.93 1.93 2.83 4.17 2 5-.83.83-3.07-.07-5-2-1.93-1.93-2.83-4.17-2-5 .83-.83 3.07.07 5 2Z"></path>',
    ),
  flag: (c: string) =>
    icon(
      "flag",
      c,
      '<path d="M4 22V4a1 1 0 0 1 .4-.8A6 6 0 0 1 8 2c3 0 5 2 7.333 2q2 0 3.067-.8A1 1 0 0 1 20 4v10a1 1 0 0 1-.4.8A6 6 0 0 1 16 16c-3 0-5-2-8-2a6 6 0 0 0-4 1.528"></path>',
    ),
};

/**
 * A painted button is disabled until the app takes over, as on `/`: a press before
 * then would do nothing, and now says so (a wait cursor), without the dimming
 * a disabled button of the app has (`buttonClass`), so nothing changes as it takes over.
 */
const untilApp = (classes: string) =>
  classes.replace("disabled:cursor-not-allowed disabled:opacity-60", "disabled:cursor-wait");

/** A round's question and options, as the app's `DilemmaHeader` draws them. */
export interface PaintedDilemma {
  dilemma: string;
  optionA: string;
  optionB: string;
}

function optionHtml(option: Option, text: string) {
  const c = roundCardClass;
  return `<p class="${c.option}"><span aria-hidden="true" class="${c.badge} ${optionTone[option].solid}">${option}</span><span class="${c.optionText}"><span class="sr-only">Option ${option}: </span>${escapeHtml(text)}</span></p>`;
}

/** The round's card: `footnote` is HTML, under the options. */
function roundCardHtml(
  { dilemma, optionA, optionB }: PaintedDilemma,
  heading: "h1" | "h2",
  footnote: string,
) {
  const c = roundCardClass;
  return `<div class="${c.card}"><${heading} class="${c.question}">${escapeHtml(dilemma)}</${heading}><div class="${c.options}">${optionHtml("A", optionA)}<span class="${c.or}">OR</span>${optionHtml("B", optionB)}</div><div class="${c.footnote}">${footnote}</div></div>`;
}

export interface PaintedGroup {
  id: string;
  name: string;
  memberCount: number;
  maxMembers: number;
  daysBetweenRounds: number;
}

function groupHeaderHtml(group: PaintedGroup) {
  const c = groupHeaderClass;
  const t = memberPageTexts;
  const href = `/group-profile/${encodeURIComponent(group.id)}`;
  return `<header class="${c.header}"><div class="${c.titles}"><h1 class="${c.name}">${escapeHtml(group.name)}</h1><p class="${c.facts}"><span class="${c.fact}">${icons.usersRound(c.icon)}${t.members(group.memberCount, group.maxMembers)}</span><span>${t.pace(group.daysBetweenRounds)}</span></p></div><a class="${c.profile}" href="${escapeHtml(href)}">${icons.settings(c.icon)}<span class="${c.profileLabel}">${t.groupProfile}</span></a><button type="button" disabled aria-label="${t.groupActions}" aria-haspopup="menu" aria-expanded="false" class="${untilApp(c.menu)}">${icons.ellipsisVertical(c.menuIcon)}</button></header>`;
}

function tabsHtml(chosen: GroupTab, panel: string) {
  const c = tabsClass;
  const tabs = groupTabs
    .map(({ key, label }) => {
      const selected = key === chosen;
      return `<button type="button" role="tab" disabled aria-selected="${selected}" tabindex="${selected ? 0 : -1}" class="${c.tab} ${selected ? c.chosen : c.idle} disabled:cursor-wait">${label}</button>`;
    })
    .join("");
  return `<div><div role="tablist" aria-label="${memberPageTexts.tabsLabel}" tabindex="-1" class="${c.list}">${tabs}</div><div role="tabpanel" class="${c.panel}">${panel}</div></div>`;
}

/**
 * The group page as it opens: the header and the tabs, and on Current Round the
 * open round's card (`round`, with its due date) when there is one. What comes
 * under the card (who submitted, the ballot) is the app's.
 */
export function groupPageHtml({
  group,
  tab,
  round,
  now,
}: {
  group: PaintedGroup;
  tab: GroupTab;
  round?: PaintedDilemma & { dueDate: string };
  now: Date;
}): string {
  const due = round
    ? `<p class="${roundCardClass.due}">${icons.clock(roundCardClass.icon)}${escapeHtml(roundMessages.votesDue(timeUntilDue(new Date(round.dueDate), now)))}</p>`
    : "";
  const panel =
    tab === "current" && round
      ? `<div class="${stackClass.blocks}"><div class="${stackClass.blocks}">${roundCardHtml(round, "h2", due)}</div></div>`
      : "";
  return `<div class="${stackClass.page}">${groupHeaderHtml(group)}${tabsHtml(tab, panel)}</div>`;
}

/** A closed round's page as it opens: the way back, the question, when it closed, and its actions. */
export function closedRoundHtml({
  groupId,
  round,
  now,
}: {
  groupId: string;
  round: PaintedDilemma & {
    archivedDate: string;
    proposedBy: { displayName: string | null } | null;
  };
  now: Date;
}): string {
  const c = closedRoundClass;
  const t = memberPageTexts;
  const back = `<a class="${c.back}" href="${escapeHtml(`/group/${encodeURIComponent(groupId)}?tab=past-rounds`)}">${icons.arrowLeft(c.icon)}${t.backToGroup}</a>`;
  const proposer = round.proposedBy
    ? `<span class="${c.proposedBy}">${escapeHtml(roundMessages.proposedBy(round.proposedBy.displayName ?? roundMessages.formerMember))}</span>`
    : "";
  // The share button waits for the round's share, as the app's does, and looks it.
  const actions = `<div class="${c.actions}"><div class="${c.share}"><div class="${c.shareRow}"><button type="button" disabled class="${c.shareButton}">${icons.share(c.icon)}${t.shareResults}</button><p role="status" aria-live="polite" class="${c.shareStatus}"></p></div></div><button type="button" disabled class="${untilApp(c.replay)}">${icons.partyPopper(c.icon)}${revealMessages.replay}</button><div class="${c.report}"><button type="button" disabled class="${untilApp(c.reportButton)}" aria-label="${t.reportDilemma}">${icons.flag(c.icon)}${moderationMessages.report}</button></div></div>`;
  const footnote = `${escapeHtml(roundMessages.roundCompleted(timeSince(new Date(round.archivedDate), now)))}${proposer}${actions}`;
  return `<div class="${stackClass.blocks}">${back}${roundCardHtml(round, "h1", footnote)}</div>`;
}
